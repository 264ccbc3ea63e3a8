/**
 * The signed-in person's menu at the header's end: this session's own actions — export it (its recording,
 * secrets already redacted by the worker), the recording's settings, import a session into the debugger,
 * sign out. "Import session…" asks for the file at once (the browser's file chooser) and opens the
 * debugger with it; cancelled, it leaves the page as it was. In one menu the header fits a 1280-pixel
 * window; as four buttons it ran past it and cut off "Sign out". Signing out while posts or other changes
 * are unsent (the header's "N unsent") asks first and says where they go: they stay in this browser's
 * outbox and are sent the next time this person signs in here, not from anywhere else.
 */
import { useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { usePlaza } from '../client/core-context';
import { downloadFile } from '../client/download';
import { DEBUG_REPLAY_PATH, LOGOUT_PATH } from '../client/router';
import { ok } from '../../protocol/result';
import { SESSION_FILE_TYPES } from '../client/session-import';
import { ConfirmDialog } from './ConfirmDialog';
import { Menu } from './Menu';
import { RecordingSettingsDialog } from './RecordingSettingsDialog';

export function SessionMenu({ name }: { name: string }) {
  useSignals();
  const { core, router, sessionImport, store } = usePlaza();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  const unsent = store.connection.value.unsent;
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const importSession = (file: File | undefined): void => {
    if (!file) return;
    sessionImport.hand(file);
    router.navigate(DEBUG_REPLAY_PATH);
  };

  const exportSession = async (): Promise<void> => {
    setError(null);
    const result = await core.$exportSession();
    if (result.ok) downloadFile(result.value.fileName, result.value.file);
    else setError(result.error.message);
  };

  return (
    <>
      <Menu
        label={name}
        text={`${name} ▾`}
        buttonClassName="session-menu-button"
        buttonRef={buttonRef}
        items={[
          { label: 'Export session', onSelect: () => void exportSession() },
          { label: 'Recording settings…', onSelect: () => setSettingsOpen(true) },
          // Within the choice's click or key press, so the browser lets the page open its file chooser.
          { label: 'Import session…', onSelect: () => fileRef.current?.click() },
          // Logout navigates to /secure/logout (spec 1 §7), which signs out (App.tsx).
          { label: 'Sign out', onSelect: () => (unsent > 0 ? setConfirmingSignOut(true) : router.navigate(LOGOUT_PATH)) },
        ]}
      />
      <input
        ref={fileRef}
        type="file"
        hidden
        accept={SESSION_FILE_TYPES}
        onChange={(e) => {
          importSession(e.target.files?.[0]);
          // The same file chosen again is a choice again.
          e.target.value = '';
        }}
      />
      {error && (
        <span role="alert" className="error">
          Could not export the session: {error}
        </span>
      )}
      {confirmingSignOut && (
        <ConfirmDialog
          title={`Sign out with ${unsent} unsent ${unsent === 1 ? 'change' : 'changes'}?`}
          message="Your posts, deletions, reactions or flags that have not reached the server stay in this browser and are sent the next time you sign in here."
          confirmLabel="Sign out"
          onConfirm={async () => {
            router.navigate(LOGOUT_PATH);
            return ok(null);
          }}
          onClose={() => {
            setConfirmingSignOut(false);
            buttonRef.current?.focus();
          }}
        />
      )}
      {settingsOpen && (
        <RecordingSettingsDialog
          onClose={() => {
            setSettingsOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </>
  );
}
