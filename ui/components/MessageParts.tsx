/** Message parts rendered as React elements, never as HTML: text stays text. */
import type { InlinePart, MessagePart } from '../../protocol/entities';
import { isBotCommand } from '../../protocol/welcome-bot';

/** Answers a choice the welcome bot offered (a command part with a bot: code). */
type OnChoice = (code: string, label: string) => void;

// The worker already turned unsafe links into text; this is a second fence so that a
// bug there can never put a javascript: (or other scheme) URL into an href.
const SAFE_LINK = /^(https?:|mailto:)/i;

function Inline({ part, onChoice }: { part: InlinePart; onChoice?: OnChoice | undefined }) {
  switch (part.type) {
    case 'text':
      return <>{part.text}</>;
    case 'person':
      return <span className="mention">@{part.name}</span>;
    case 'hyperlink':
      if (!SAFE_LINK.test(part.url)) return <>{part.text ?? part.url}</>;
      return (
        <a href={part.url} target="_blank" rel="noopener noreferrer">
          {part.text ?? part.url}
        </a>
      );
    case 'command':
      if (isBotCommand(part.code)) {
        // The bot's choices are buttons; one the user already sent reads as plain text.
        return onChoice ? (
          <button type="button" className="bot-choice" onClick={() => onChoice(part.code, part.text)}>
            {part.text}
          </button>
        ) : (
          <span className="bot-answer">{part.text}</span>
        );
      }
      return <code>{part.text !== '' ? part.text : part.code}</code>;
  }
}

function InlineList({ parts }: { parts: InlinePart[] }) {
  return parts.map((part, i) => <Inline key={i} part={part} />);
}

export function MessageParts({ parts, onChoice }: { parts: MessagePart[]; onChoice?: OnChoice }) {
  return parts.map((part, i) => {
    switch (part.type) {
      case 'bullet-list':
        return (
          <ul key={i}>
            {part.items.map((item, j) => (
              <li key={j}>
                <InlineList parts={item} />
              </li>
            ))}
          </ul>
        );
      case 'ordered-list':
        return (
          <ol key={i}>
            {part.items.map((item, j) => (
              <li key={j}>
                <InlineList parts={item} />
              </li>
            ))}
          </ol>
        );
      case 'video_conference':
        return (
          <a key={i} className="vc-link" href={`/vc/${encodeURIComponent(part.token)}`}>
            Join video conference
          </a>
        );
      default:
        return <Inline key={i} part={part} onChoice={onChoice} />;
    }
  });
}
