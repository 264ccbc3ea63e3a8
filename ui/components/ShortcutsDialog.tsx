/** The shortcuts help (Ctrl+/ or the header's "Shortcuts"): every shortcut, the one just used highlighted. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { SHORTCUTS, type ShortcutState } from '../client/shortcuts';
import { Dialog } from './Dialog';

/** The long lists' keys (roving-tab-stop.ts, used by the sidebar, the message log and a thread's replies): handled there, listed here. */
const LIST_KEYS: readonly (readonly [readonly string[], string])[] = [
  [['↑', '↓'], 'Previous or next conversation, or message'],
  [['Home', 'End'], 'The first or last one'],
  [['←', '→'], 'Close or open a folder'],
  [['Tab'], "The conversation's menu, or the message's reactions and actions; then out of the list"],
];

const CONTEXT: Record<string, string> = { any: 'Anywhere', messaging: 'Messages', workspace: 'Workspaces' };

export function ShortcutsDialog({ shortcuts, onClose }: { shortcuts: ShortcutState; onClose: () => void }) {
  useSignals();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const highlighted = shortcuts.highlight.value?.shortcut.action;

  return (
    <Dialog title="Keyboard shortcuts" className="shortcuts" onClose={onClose}>
      <p>
        <kbd>Ctrl</kbd> (<kbd>⌘</kbd> on a Mac) + <kbd>K</kbd> starts a chord; the next key chooses the action.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
            <th scope="col">Where</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action} className={s.action === highlighted ? 'highlight' : undefined}>
              <td>
                {s.chord && (
                  <>
                    <kbd>Ctrl+K</kbd>{' '}
                  </>
                )}
                <kbd>{s.key}</kbd>
              </td>
              <td>
                {s.name}
                {s.unavailable && <span className="hint"> (not available yet)</span>}
              </td>
              <td>{CONTEXT[s.context]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>In the conversation list and a conversation's messages</h3>
      <p>Each list is one Tab stop: the open conversation, or the newest message on screen, until you move.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {LIST_KEYS.map(([keys, action]) => (
            <tr key={action}>
              <td>
                {keys.map((k) => (
                  <kbd key={k}>{k}</kbd>
                ))}
              </td>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button ref={closeRef} type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
