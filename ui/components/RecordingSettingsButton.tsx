/** "Recording settings" in the app header: opens the dialog and returns focus to the button when it closes. */
import { useRef, useState } from 'react';
import { RecordingSettingsDialog } from './RecordingSettingsDialog';

export function RecordingSettingsButton() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = (): void => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <>
      <button ref={buttonRef} type="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        Recording settings
      </button>
      {open && <RecordingSettingsDialog onClose={close} />}
    </>
  );
}
