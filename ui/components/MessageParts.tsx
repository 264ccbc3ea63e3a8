/** Message parts rendered as React elements, never as HTML: text stays text. */
import { SHRUG } from '../../protocol/commands';
import type { InlinePart } from '../../protocol/entities';
import type { MessagePartView } from '../../protocol/views';
import { isBotCommand } from '../../protocol/bot-commands';
import { useMessageTabIndex } from './message-tab-stop';

/** Answers a choice the welcome bot offered (a command part with a bot: code). */
type OnChoice = (code: string, label: string) => void;

// The worker already turned unsafe links into text; this is a second fence so that a
// bug there can never put a javascript: (or other scheme) URL into an href.
const SAFE_LINK = /^(https?:|mailto:)/i;

function Command({ part, onChoice }: { part: Extract<InlinePart, { type: 'command' }>; onChoice?: OnChoice | undefined }) {
  const tabIndex = useMessageTabIndex();
  if (isBotCommand(part.code)) {
    // The bot's choices are buttons; one the user already sent reads as plain text.
    return onChoice ? (
      <button type="button" className="bot-choice" tabIndex={tabIndex} onClick={() => onChoice(part.code, part.text)}>
        {part.text}
      </button>
    ) : (
      <span className="bot-answer">{part.text}</span>
    );
  }
  switch (part.code) {
    case 'me':
      return <em className="command-me">{part.text}</em>;
    case 'shrug':
      return <>{part.text ? `${part.text} ${SHRUG}` : SHRUG}</>;
    case 'code':
      return <code className="command-code">{part.text}</code>;
    default:
      return <code>{part.text !== '' ? part.text : part.code}</code>;
  }
}

function Inline({ part, onChoice }: { part: InlinePart; onChoice?: OnChoice | undefined }) {
  switch (part.type) {
    case 'text':
      return <>{part.text}</>;
    case 'person':
      return (
        <span className={part.scope === 'user' ? 'mention' : 'mention mention-wide'} data-scope={part.scope}>
          @{part.name}
        </span>
      );
    case 'hyperlink':
      if (!SAFE_LINK.test(part.url)) return <>{part.text ?? part.url}</>;
      return <Hyperlink url={part.url} text={part.text ?? part.url} />;
    case 'command':
      return <Command part={part} onChoice={onChoice} />;
  }
}

function Hyperlink({ url, text }: { url: string; text: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" tabIndex={useMessageTabIndex()}>
      {text}
    </a>
  );
}

function VideoConferenceLink({ token }: { token: string }) {
  return (
    <a className="vc-link" href={`/vc/${encodeURIComponent(token)}`} tabIndex={useMessageTabIndex()}>
      Join video conference
    </a>
  );
}

function InlineList({ parts }: { parts: InlinePart[] }) {
  return parts.map((part, i) => <Inline key={i} part={part} />);
}

export function MessageParts({ parts, onChoice }: { parts: MessagePartView[]; onChoice?: OnChoice }) {
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
          <span key={i} className="vc">
            <VideoConferenceLink token={part.token} />{' '}
            <span className="vc-code">Access code {part.access_code}</span>
          </span>
        );
      default:
        return <Inline key={i} part={part} onChoice={onChoice} />;
    }
  });
}
