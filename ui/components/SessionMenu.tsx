/**
 * The signed-in person's menu at the header's end: this session's own actions — export it (its recording,
 * secrets already redacted by the worker), the recording's settings, import a session into the debugger,
 * sign out. In one menu the header fits a 1280-pixel window; as four buttons it ran past it and cut off
 * "Sign out".
 */
import { useRef, useState } from 'react';
import { usePlaza } from '../client/core-context';
import { downloadText } from '../client/download';
import { DEBUG_REPLAY_PATH } from '../client/router';
import { Menu } from './Menu';
import { RecordingSettingsDialog } from './RecordingSettingsDialog';

export function SessionMenu({ name }: { name: string }) {
  const { core, router } = usePlaza();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const exportSession = async (): Promise<void> => {
    setError(null);
    const result = await core.$exportSession();
    if (result.ok) downloadText(result.value.fileName, result.value.text);
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
          { label: 'Import session', onSelect: () => router.navigate(DEBUG_REPLAY_PATH) },
          { label: 'Sign out', onSelect: () => void core.$signOut() },
        ]}
      />
      {error && (
        <span role="alert" className="error">
          Could not export the session: {error}
        </span>
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
