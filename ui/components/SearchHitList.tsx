/** Search hits: author, conversation, time and the text with matches marked; each opens the hit in its conversation. */
import type { SearchHitView, Snippet } from '../../protocol/views-search';
import { Attachment, attachmentLabel } from './Attachment';
import { formatMessageTime } from './format-time';

export function SnippetText({ snippet }: { snippet: Snippet[] }) {
  return snippet.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>));
}

export function SearchHitList({ hits, label, showChannel, onOpen }: { hits: SearchHitView[]; label: string; showChannel: boolean; onOpen: (hit: SearchHitView) => void }) {
  return (
    <ul className="search-hits" aria-label={label}>
      {hits.map((h) => {
        const time = formatMessageTime(h.created);
        const text = h.snippet.map((s) => s.text).join('');
        return (
          <li key={h.guid}>
            <button type="button" className="search-hit" aria-label={`${h.author}${showChannel ? ` in ${h.channelName}` : ''}, ${time.label}: ${text}${attachmentLabel(h.file)}`} onClick={() => onOpen(h)}>
              <span className="search-hit-meta">
                <strong>{h.author}</strong>
                {showChannel && <span> in {h.channelName}</span>} <time dateTime={time.iso}>{time.label}</time>
              </span>
              {h.before && <span className="search-context">{h.before}</span>}
              <span className="search-text">
                <SnippetText snippet={h.snippet} />
              </span>
              {h.file && <Attachment file={h.file} />}
              {h.after && <span className="search-context">{h.after}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
