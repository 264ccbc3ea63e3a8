/** Message parts rendered as React elements, never as HTML: text stays text. */
import type { InlinePart, MessagePart } from '../../protocol/entities';

// The worker already turned unsafe links into text; this is a second fence so that a
// bug there can never put a javascript: (or other scheme) URL into an href.
const SAFE_LINK = /^(https?:|mailto:)/i;

function Inline({ part }: { part: InlinePart }) {
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
      return <code>{part.text !== '' ? part.text : part.code}</code>;
  }
}

function InlineList({ parts }: { parts: InlinePart[] }) {
  return parts.map((part, i) => <Inline key={i} part={part} />);
}

export function MessageParts({ parts }: { parts: MessagePart[] }) {
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
        return <Inline key={i} part={part} />;
    }
  });
}
