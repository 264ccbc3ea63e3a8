/** Search hits: author, conversation, time and the text with matches marked; each opens the hit in its conversation. */
import type { SearchHitView, Snippet } from '../../protocol/views-search';
import { Attachment, attachmentText } from './Attachment';
import { formatMessageTime } from './format-time';

export function SnippetText({ snippet }: { snippet: Snippet[] }) {
  return snippet.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>));
}

/**
 * A hit's accessible name: everything it shows, in the order it shows it — author and conversation, time, the
 * message before, the text, the file, the message after — so that the words a voice-control user reads off
 * the screen name it (WCAG 2.5.3, Label in Name).
 */
function hitName(h: SearchHitView, time: string, showChannel: boolean): string {
  const shown = [`${h.author}${showChannel ? ` in ${h.channelName}` : ''}`, time];
  if (h.before) shown.push(h.before);
  shown.push(h.snippet.map((s) => s.text).join(''));
  if (h.file) shown.push(attachmentText(h.file));
  if (h.after) shown.push(h.after);
  return shown.join(', ');
}

export function SearchHitList({ hits, label, showChannel, onOpen }: { hits: SearchHitView[]; label: string; showChannel: boolean; onOpen: (hit: SearchHitView) => void }) {
  return (
    <ul className="search-hits" aria-label={label}>
      {hits.map((h) => {
        const time = formatMessageTime(h.created);
        return (
          <li key={h.guid}>
            <button type="button" className="search-hit" aria-label={hitName(h, time.label, showChannel)} onClick={() => onOpen(h)}>
              <span className="search-hit-meta">
                <strong>{h.author}</strong>
                {showChannel && <span> in {h.channelName}</span>} <time dateTime={time.iso}>{time.label}</time>
              </span>
              {/* The spaces keep the lines' words apart in the text read off the button (they show as lines). */}
              {h.before && <> <span className="search-context">{h.before}</span></>}{' '}
              <span className="search-text">
                <SnippetText snippet={h.snippet} />
              </span>
              {h.file && <> <Attachment file={h.file} /></>}
              {h.after && <> <span className="search-context">{h.after}</span></>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
