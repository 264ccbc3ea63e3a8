/**
 * "Recording settings": the recording's size bound and on/off switch, and the
 * stored recordings, each exportable (e.g. the session before a reload).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ExportedSession, RecordingSummary } from '../../protocol/core-api';
import { usePlaza } from '../client/core-context';
import { downloadFile } from '../client/download';
import { Dialog, DialogActions } from './Dialog';
import { formatBytes } from './dialog-helpers';

export function RecordingSettingsDialog({ onClose }: { onClose: () => void }) {
  const { core } = usePlaza();
  const [megabytes, setMegabytes] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [recordings, setRecordings] = useState<RecordingSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sizeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const [settings, list] = await Promise.all([core.$getRecordingSettings(), core.$listRecordings()]);
      if (!live) return;
      if (settings.ok) {
        setMegabytes(String(settings.value.maxMegabytes));
        setEnabled(settings.value.enabled);
      } else setError(settings.error.message);
      if (list.ok) setRecordings(list.value);
      else setError(list.error.message);
      sizeRef.current?.focus();
    })();
    return () => {
      live = false;
    };
  }, [core]);

  const save = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSizeError(null);
    // The worker validates (protocol/recording-settings.ts); a non-number is passed on for it to refuse.
    const result = await core.$setRecordingSettings({ enabled, maxMegabytes: megabytes.trim() === '' ? Number.NaN : Number(megabytes) });
    setBusy(false);
    if (result.ok) return onClose();
    if (result.error.field === 'maxMegabytes') {
      setSizeError(result.error.message);
      sizeRef.current?.focus();
    } else setError(result.error.message);
  };

  /**
   * The recording being exported. A previous session without a footer is replayed in the worker to seal it
   * (seconds for a heavy user's): the button says so meanwhile, and presses wait for it, rather than start
   * another replay and download the file twice.
   */
  const [exporting, setExporting] = useState<string | null>(null);
  /** What the last export said besides downloading the file: that it was exported unsealed, and why. */
  const [exported, setExported] = useState<string | null>(null);
  const exportingRef = useRef(false);
  const exportRecording = async (id: string): Promise<void> => {
    if (exportingRef.current) return;
    exportingRef.current = true;
    setExporting(id);
    setError(null);
    setExported(null);
    try {
      const result = await core.$exportSession(id);
      if (result.ok) {
        downloadFile(result.value.fileName, result.value.file);
        if (result.value.unsealed) setExported(unsealedText(result.value.fileName, result.value.unsealed));
      } else setError(result.error.message);
    } finally {
      exportingRef.current = false;
      setExporting(null);
    }
  };

  return (
    <Dialog title="Recording" onClose={onClose}>
      {/* noValidate: the worker validates and its message is shown by the field, not the browser's tooltip. */}
      <form noValidate onSubmit={(e) => void save(e)}>
        <label className="field">
          <span>Recording size (MB)</span>
          <input
            ref={sizeRef}
            type="number"
            min={1}
            max={1024}
            step={1}
            value={megabytes}
            onChange={(e) => setMegabytes(e.target.value)}
            aria-invalid={sizeError !== null}
            aria-describedby={sizeError ? 'recording-size-error' : 'recording-size-hint'}
          />
        </label>
        {sizeError ? (
          <p id="recording-size-error" role="alert" className="error">
            {sizeError}
          </p>
        ) : (
          <p id="recording-size-hint" className="hint">
            Total for all stored recordings; the oldest are removed first.
          </p>
        )}
        <label className="field checkbox">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          <span>Record sessions</span>
        </label>
        <h3 id="stored-recordings">Stored recordings</h3>
        {recordings === null ? (
          <p className="hint">Loading…</p>
        ) : recordings.length === 0 ? (
          <p className="empty">No recordings are stored.</p>
        ) : (
          <ul className="recordings" aria-labelledby="stored-recordings">
            {recordings.map((r) => (
              <li key={r.id}>
                <span className="recording-started">{new Date(r.started).toLocaleString()}</span>
                {r.current && <span className="recording-current"> (this session)</span>}{' '}
                <span className="recording-size">
                  {r.inputs} inputs, {formatBytes(r.bytes)}
                  {r.stopped ? ', stopped' : ''}
                </span>
                {/* The build that recorded it: a session from before a reload may be an earlier build's. */}
                <span className="recording-app">, {r.app}</span>{' '}
                {/* Not disabled while exporting, which would drop the keyboard focus: it says so, and ignores presses. */}
                <button
                  type="button"
                  onClick={() => void exportRecording(r.id)}
                  aria-disabled={exporting !== null || undefined}
                  aria-label={`${exporting === r.id ? 'Exporting' : 'Export'} recording of ${new Date(r.started).toLocaleString()}`}
                >
                  {exporting === r.id ? 'Exporting…' : 'Export'}
                </button>
              </li>
            ))}
          </ul>
        )}
        {/* Always rendered, so that assistive technology announces what is put in it. */}
        <p role="status" className="hint recording-exported">
          {exported}
        </p>
        <DialogActions error={error} onCancel={onClose}>
          <button type="submit" disabled={busy}>
            Save
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** What the dialog says of a file exported unsealed (ExportedSession.unsealed): that it has no final hash, why, and which build to replay it on. */
function unsealedText(fileName: string, note: NonNullable<ExportedSession['unsealed']>): string {
  const where = note.input !== undefined ? ` after input ${note.input}` : '';
  const said = `${fileName} was exported unsealed: this build (${note.by}) does not replay the recording as it went${where} (${note.reason}), so the file has every whole input as recorded but no final hash.`;
  // The same build replaying its own recording differently: what the session did is not reproduced by a replay.
  if (note.by === note.recordedBy) return `${said} This build recorded it too: the session did something a replay does not reproduce.`;
  return `${said} Replay it on ${note.recordedBy}, the build that recorded it.`;
}
