/**
 * /debug/replay: import a session file, see whether it replays to the
 * recording, scrub through its inputs, read projections and their diffs, and
 * see the app as it was at any point.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { divergenceReason, type DebugApi, type LoadProgress, type SessionSummary, type UnsealedNote } from '../../protocol/debug-api';
import { createDebugController, type DebugController } from '../client/debug-controller';
import { SESSION_FILE_TYPES } from '../client/session-import';
import { EventList } from './EventList';
import { InputList } from './InputList';
import { ProjectionPanel } from './ProjectionPanel';
import { ReplayedApp } from './ReplayedApp';
import { spanText } from './span-text';
import { Timeline } from './Timeline';

/**
 * Where a load has got. The live region says only the phase (a count changing four times a second would be
 * read out each time); the bar carries the count, for anyone who asks it.
 */
function LoadStatus({ progress }: { progress: LoadProgress | null }) {
  const phase = progress?.phase ?? 'reading';
  const replaying = progress?.phase === 'replaying' && progress.total > 0 ? progress : null;
  return (
    <span className="debug-load">
      <span role="status">{phase === 'reading' ? 'Reading the file…' : phase === 'replaying' ? 'Replaying…' : 'Building checkpoints…'}</span>
      {replaying && (
        <>
          {' '}
          <progress aria-label="Inputs replayed" value={replaying.done} max={replaying.total} aria-valuetext={`${replaying.done.toLocaleString('en')} of ${replaying.total.toLocaleString('en')} inputs`} />{' '}
          <span aria-hidden="true">
            {replaying.done.toLocaleString('en')} / {replaying.total.toLocaleString('en')}
          </span>
        </>
      )}
    </span>
  );
}

/**
 * The event digests' checks, which go on after the load while the session can be used. As LoadStatus: the
 * live region names the phase, the bar carries the count.
 */
function CheckStatus({ checks }: { checks: { done: number; total: number } }) {
  const of = `${checks.done.toLocaleString('en')} of ${checks.total.toLocaleString('en')}`;
  return (
    <p className="debug-checking">
      <span role="status">Checking the replay's events against the recording…</span>{' '}
      <progress aria-label="Event checks made" value={checks.done} max={Math.max(1, checks.total)} aria-valuetext={`${of} checks`} />{' '}
      <span aria-hidden="true">{of}</span>
    </p>
  );
}

const iso = (t: number | null): string => (t === null ? '—' : new Date(t).toISOString());

function Summary({ summary, debug, fileName }: { summary: SessionSummary; debug: DebugController; fileName: string | null }) {
  useSignals();
  const d = summary.divergence;
  const span = spanText(summary.firstAt !== null && summary.lastAt !== null ? summary.lastAt - summary.firstAt : 0);
  return (
    <section className="debug-summary" aria-label="Summary">
      <dl>
        {fileName !== null && (
          <>
            <dt>File</dt>
            <dd>{fileName}</dd>
          </>
        )}
        <dt>App</dt>
        <dd>{summary.header.app}</dd>
        <dt>Inputs</dt>
        <dd>{summary.inputs.toLocaleString('en')}</dd>
        <dt>Events</dt>
        <dd>{summary.events.toLocaleString('en')}</dd>
        <dt>Span</dt>
        <dd>
          {span} ({iso(summary.firstAt)} → {iso(summary.lastAt)})
        </dd>
        <dt>Hash</dt>
        <dd>
          {summary.hash} {summary.recordedHash === null ? '(none recorded: the file is unsealed)' : `(recorded ${summary.recordedHash})`}
        </dd>
        <dt>Loaded in</dt>
        <dd>{summary.loadMs.toFixed(0)} ms</dd>
        <dt>Frames decoded on a second thread</dt>
        <dd>{(summary.decodedAhead ?? 0).toLocaleString('en')}</dd>
      </dl>
      {summary.checking && <CheckStatus checks={debug.checks.value ?? summary.checking} />}
      {summary.unsealed && <UnsealedNotice note={summary.unsealed} app={summary.header.app} />}
      {summary.matches ? (
        <p className="debug-ok" role="status">
          {summary.unsealed ? 'Replay matches every recorded input; the recording has no final hash to compare' : 'Replay matches the recording'}
        </p>
      ) : summary.checking && !d ? null : (
        <div className="debug-divergence" role="alert">
          {d ? (
            <>
              <p>
                Replay diverged after input {d.input} (line {d.line}): {divergenceReason(d, false)}.
                {summary.checking && ' The events before it are still being checked: an earlier difference may yet be found.'}
              </p>
              <p>
                Expected <code>{d.expected}</code>
              </p>
              <p>
                Actual <code>{d.actual}</code>
              </p>
              <button type="button" onClick={() => debug.seek(d.input)}>
                Go to input {d.input}
              </button>
            </>
          ) : (
            <p>
              Replay ended with hash {summary.hash}, the recording has {summary.recordedHash}.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * An unsealed file (docs/session-format.md, "Unsealed files"): it was exported from a recording that the
 * exporting build could not replay to its end, so it has no final hash. Says which build that was, where it
 * differed, and that the recording's own build (the header's `app`) is the one to replay it on.
 */
function UnsealedNotice({ note, app }: { note: UnsealedNote; app: string }) {
  const where = note.input !== undefined ? ` after input ${note.input}${note.line !== undefined ? ` (line ${note.line})` : ''}` : '';
  return (
    <p className="debug-unsealed">
      Unsealed recording: it was exported without a final hash, as its replay on {note.by} differed{where}: {note.reason}. Its inputs are as
      recorded by {app}; replay it on that build to check them all.
    </p>
  );
}

/**
 * "Where did this start?": jumps to the first input that touched a channel, a message or a user, named by
 * its address or guid (the open conversation's in one click), and says what it found.
 */
function FirstTouch({
  debug,
  openChannel,
  focusPosition,
}: {
  debug: DebugController;
  openChannel: { address: string; name: string | null } | null;
  focusPosition: () => void;
}) {
  const [id, setId] = useState('');
  const [found, setFound] = useState('');
  const jump = async (target: string): Promise<number | null> => {
    const wanted = target.trim();
    if (!wanted) return null;
    const input = await debug.jumpToFirstTouch(wanted);
    setFound(input === null ? `No input touches ${wanted}.` : `Input ${input} is the first to touch ${wanted}.`);
    return input;
  };
  // The open channel's button is gone once the jump lands before the channel was opened (usually so), and the
  // focus with it: a jump that found an input hands the focus to the position slider, which says where it is
  // and steps on from there.
  const jumpFromOpenChannel = async (address: string): Promise<void> => {
    if ((await jump(address)) !== null) focusPosition();
  };
  return (
    <section className="debug-first-touch" aria-label="First touch">
      {openChannel && (
        <p>
          Open channel {openChannel.name && <strong>{openChannel.name}</strong>} <code>{openChannel.address}</code>{' '}
          <button type="button" onClick={() => void jumpFromOpenChannel(openChannel.address)}>
            Jump to first input touching this channel
          </button>
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void jump(id);
        }}
      >
        <label>
          Channel, message or user id <input value={id} onChange={(e) => setId(e.target.value)} placeholder="address or guid" />
        </label>
        <button type="submit" disabled={!id.trim()}>
          Jump to first input touching it
        </button>
      </form>
      <p role="status">{found}</p>
    </section>
  );
}

/** One filter for both lists: by code (an input's, or an event's type), and by channel, user or message id. */
function Filters({ debug }: { debug: DebugController }) {
  useSignals();
  const filter = debug.filter.value;
  const set = (field: 'code' | 'channel' | 'user', value: string): void => debug.setFilter({ ...filter, [field]: value });
  return (
    <section className="debug-filters" aria-label="Filter inputs and events">
      <label>
        Filter by code <input value={filter.code ?? ''} onChange={(e) => set('code', e.target.value)} placeholder="MSG, $post, message.received…" />
      </label>
      <label>
        Filter by channel <input value={filter.channel ?? ''} onChange={(e) => set('channel', e.target.value)} placeholder="address" />
      </label>
      <label>
        Filter by user <input value={filter.user ?? ''} onChange={(e) => set('user', e.target.value)} placeholder="user guid" />
      </label>
    </section>
  );
}

/**
 * `takeHandedFile`: a session file chosen before the page opened ("Import session…" in the app's menu),
 * loaded as the page mounts.
 */
export function DebugReplayPage({ api, onLeave, takeHandedFile }: { api: DebugApi; onLeave?: () => void; takeHandedFile?: () => File | null }) {
  useSignals();
  const [debug] = useState(() => createDebugController(api));
  // The file input is emptied after each choice (below), so the summary names the file shown.
  const [fileName, setFileName] = useState<string | null>(null);
  useEffect(() => () => debug.dispose(), [debug]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sliderRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const handed = takeHandedFile?.();
    if (!handed) return;
    setFileName(handed.name);
    void debug.load(handed);
    // The menu that chose the file is gone with the page it was on: focus starts at the top of this one.
    headingRef.current?.focus();
  }, [debug, takeHandedFile]);
  const summary = debug.summary.value;
  const state = debug.state.value;
  const openAddress = state?.view.conversation?.address ?? null;
  // Named as the sidebar names it (the view snapshot lists every channel), with its address, which the filters take.
  const openChannel = openAddress === null ? null : { address: openAddress, name: state?.view.channels?.put.find((c) => c.address === openAddress)?.name ?? null };

  const onFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    setFileName(file.name);
    // The file itself goes to the worker, which reads it: this thread never holds or copies its text.
    await debug.load(file);
  };

  return (
    <div className="debug-page">
      <header className="debug-header">
        <h1 ref={headingRef} tabIndex={-1}>
          Session replay
        </h1>
        <label className="debug-import">
          Import session{' '}
          <input
            type="file"
            accept={SESSION_FILE_TYPES}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // The browser reports a choice only when it differs from the input's current one: emptied, the same
              // file chosen again (edited since, trimmed, re-exported under its name) is loaded again.
              e.target.value = '';
              void onFile(file);
            }}
          />
        </label>
        {onLeave && (
          <button type="button" onClick={onLeave}>
            Back to Plaza
          </button>
        )}
        {debug.loading.value && <LoadStatus progress={debug.progress.value} />}
      </header>
      <main className="debug-main">
        {debug.error.value && (
          <p role="alert" className="error">
            {debug.error.value}
          </p>
        )}
        {!summary && !debug.error.value && !debug.loading.value && <p>Choose a session file (Export session, in the menu under your name in the app, writes one).</p>}
        {summary && (
          <>
            <Summary summary={summary} debug={debug} fileName={fileName} />
            <Timeline debug={debug} sliderRef={sliderRef} />
            <FirstTouch debug={debug} openChannel={openChannel} focusPosition={() => sliderRef.current?.focus()} />
            <Filters debug={debug} />
            <div className="debug-grid">
              <InputList debug={debug} />
              <EventList debug={debug} />
              <ProjectionPanel debug={debug} />
            </div>
            {state && <ReplayedApp view={state.view} />}
          </>
        )}
      </main>
    </div>
  );
}
