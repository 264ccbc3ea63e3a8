/** "Export session": downloads this session's recording (secrets already redacted by the worker). */
import { useState } from 'react';
import { usePlaza } from '../client/core-context';
import { downloadText } from '../client/download';

export function ExportSessionButton() {
  const { core } = usePlaza();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const exportSession = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const result = await core.$exportSession();
      if (result.ok) downloadText(result.value.fileName, result.value.text);
      else setError(result.error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void exportSession()} disabled={busy}>
        Export session
      </button>
      {error && (
        <span role="alert" className="error">
          {error}
        </span>
      )}
    </>
  );
}
