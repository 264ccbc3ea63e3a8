/** Company admins: send an information alert (type 17) to everyone else, optionally as a 60 s promotion. */
import type { FormEvent } from 'react';
import { usePlaza } from '../client/core-context';
import { useAction } from './use-action';
import { useFormDraft } from './use-form-draft';

export function InformationAlertForm() {
  const { core } = usePlaza();
  // Kept for the page's life when the settings page is left before sending (useFormDraft).
  const [form, change, discard] = useFormDraft('information-alert', { message: '', promotion: false });
  const { message, promotion } = form;
  const { busy, error, run } = useAction();

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const sent = await run(() => core.$sendInformationAlert(message.trim(), promotion));
    if (sent) discard();
  };

  return (
    <form className="settings-group" onSubmit={(e) => void submit(e)} aria-label="Send an information alert">
      <h2 className="settings-subheading">Send an information alert</h2>
      <label className="setting">
        Message <input type="text" value={message} maxLength={500} onChange={(e) => change({ message: e.target.value })} />
      </label>
      <label className="setting">
        <input type="checkbox" checked={promotion} onChange={(e) => change({ promotion: e.target.checked })} /> Show as a promotion (stays 60 s)
      </label>
      <button type="submit" disabled={busy || message.trim() === ''}>
        Send to everyone
      </button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
