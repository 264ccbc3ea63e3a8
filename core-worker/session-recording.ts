/**
 * The live app's recording: on by default, persisted through a RecordingStore
 * (IndexedDB in the browser) in batches, bounded in total across the stored
 * recordings. Past the bound the oldest other recordings are evicted; if this
 * one alone exceeds it, it stops (a replay needs every input from the start)
 * with its footer frozen at that moment, so the export stays replayable up to
 * there.
 *
 * A recording is one person's (docs/session-format.md, "Whose recordings"): its user is the first one signed in
 * during it, set once. The list and the exports are only the signed-in user's own recordings; one in which a
 * second person signed in, or stored before the user was fixed, is nobody's.
 */
import type { CoreApi, ExportedSession, RecordingSummary } from '../protocol/core-api';
import { CHARS_PER_MEGABYTE, DEFAULT_RECORDING_SETTINGS, parseRecordingSettings, type RecordingSettings } from '../protocol/recording-settings';
import { fail, ok, type Failure, type Result } from '../protocol/result';
import { INPUT_KINDS, lineInfo, sessionFileName, sessionStamp } from '../protocol/session-file';
import type { Core } from './core';
import type { CoreDeps } from './ports';
import { createRecorder, type Settle } from './recorder';
import { createMemoryLiveRecordings, createMemoryRecordingStore, type LiveRecordings, type RecordingMeta, type RecordingStore } from './recording-store';
import { sealRecording } from './seal-recording';

/** Default bound: 64M characters, 128 MB as UTF-16 (DEFAULT_RECORDING_SETTINGS). */
export const DEFAULT_RECORDING_CHARS = DEFAULT_RECORDING_SETTINGS.maxMegabytes * CHARS_PER_MEGABYTE;

/** How many lines go into one part of a downloaded file (~1 MB of text for a heavy user's lines). */
const FILE_PART_LINES = 16_384;

/**
 * A session file's lines as the file the page downloads (JSON lines, each ending in a line break), joined a
 * slice at a time: at the default bound one string of the whole file was 64M characters more (128 MB when any
 * character is outside Latin-1), on top of the lines it was made of.
 */
export function sessionFile(lines: readonly string[]): Blob {
  const parts: string[] = [];
  for (let i = 0; i < lines.length; i += FILE_PART_LINES) parts.push(lines.slice(i, i + FILE_PART_LINES).join('\n') + '\n');
  return new Blob(parts, { type: 'application/x-ndjson' });
}

/** The key of the settings in the core's kv Storage. */
export const RECORDING_SETTINGS_KEY = 'recording-settings';

export interface SessionRecordingOptions {
  app: string;
  settle: Settle;
  /** The bound while no settings are stored (tests); stored settings win. */
  maxChars?: number;
  /** Where recordings are kept; in memory when not given. */
  store?: RecordingStore | Promise<RecordingStore>;
  /** A batch is written after this long (ms) or this many lines, whichever comes first. */
  flushMs?: number;
  flushLines?: number;
  /** Recordings other workers are still writing, never evicted (Web Locks in the browser); this worker's own only when not given. */
  live?: LiveRecordings;
}

export interface SessionRecording {
  readonly deps: CoreDeps;
  /** The core's API, recorded, with the recording methods ($exportSession, $listRecordings, settings). */
  attach(core: Core): CoreApi;
  /** Writes what is pending and waits until every write so far is stored. */
  flush(): Promise<void>;
}

const failure = (name: string, error: unknown) => fail({ name, message: error instanceof Error ? error.message : String(error) });

export function createSessionRecording(real: CoreDeps, options: SessionRecordingOptions): SessionRecording {
  const flushMs = options.flushMs ?? 250;
  const flushLines = options.flushLines ?? 1_000;
  const started = real.clock.now();
  const meta: RecordingMeta = {
    id: `${sessionStamp(started)}-${real.random.uuid().slice(0, 8)}`,
    started,
    app: options.app,
    user: null,
    mixed: false,
    lines: 0,
    inputs: 0,
    chars: 0,
    chunks: 0,
    frozenFooter: null,
  };
  let settings: RecordingSettings | null = null;
  let store: RecordingStore | null = null;
  /** Recording is off for this session (turned off in settings before it started). */
  let off = false;
  /** Turned off during the session: stop at the next whole input. */
  let stopRequested = false;
  let pending: string[] = [];
  let timer: unknown = null;
  let writing: Promise<void> = Promise.resolve();
  let previousWasBurst = false;
  let core: Core | null = null;
  const live = options.live ?? createMemoryLiveRecordings();
  /** Lets go of this recording's live mark: it stopped (frozen) or was never on. */
  let release: () => void = () => {};

  const maxChars = (): number => (settings ? settings.maxMegabytes * CHARS_PER_MEGABYTE : (options.maxChars ?? DEFAULT_RECORDING_CHARS));
  /** Who is signed in now (null: nobody, e.g. after a sign-out, whose session.ended leaves the user in the projection). */
  const signedInUser = (): string | null => {
    const session = core?.projections.session;
    return session?.active ? (session.user?.target_user_guid ?? null) : null;
  };
  /**
   * Fixes the recording's user at the first sign-in seen, and marks it mixed if someone else signs in later.
   * Called at every line written (a property read) and before the recording is stored, listed or exported, so
   * no sign-in goes unseen: a person signed in stays so for many lines.
   */
  const noteUser = (): void => {
    // A sign-in after the recording stopped is not in it.
    if (off || meta.frozenFooter !== null) return;
    const user = signedInUser();
    if (user === null || user === meta.user) return;
    if (meta.user === null) meta.user = user;
    else meta.mixed = true;
  };

  const ready = (async () => {
    try {
      const stored = await real.storage.getItem<unknown>(RECORDING_SETTINGS_KEY);
      const parsed = stored === undefined ? null : parseRecordingSettings(stored);
      if (parsed?.ok) settings = parsed.value;
      else if (parsed) real.logger.warn(`recording settings ignored: ${parsed.error.message}`);
    } catch (error) {
      real.logger.warn(`recording settings unreadable: ${String(error)}`);
    }
    if (settings && !settings.enabled) {
      off = true;
      pending = [];
    } else if (meta.frozenFooter === null) {
      release = live.hold(meta.id);
    }
    store = await (options.store ?? createMemoryRecordingStore());
  })();

  /**
   * Removes the oldest other recordings until all fit the bound. This one is never evicted (it freezes
   * instead), nor one another tab is still writing: while several tabs record, the total may exceed
   * the bound until they end.
   */
  const evict = async (s: RecordingStore): Promise<void> => {
    const all = await s.list();
    let total = all.reduce((sum, m) => sum + (m.id === meta.id ? 0 : m.chars), 0) + meta.chars;
    if (total <= maxChars()) return;
    const running = await live.held();
    for (const old of all) {
      if (total <= maxChars()) break;
      if (old.id === meta.id || running.has(old.id)) continue;
      await s.remove(old.id);
      total -= old.chars;
    }
  };

  /** Queues the pending lines as one chunk (one transaction with the updated entry), then evicts. */
  const flush = (): Promise<void> => {
    if (timer !== null) real.clock.clearTimeout(timer);
    timer = null;
    const lines = pending;
    pending = [];
    noteUser();
    // The entry as of now: it describes exactly the lines stored once this chunk is.
    const snapshot: RecordingMeta = { ...meta };
    const chunk = lines.length > 0 ? meta.chunks++ : -1;
    if (chunk >= 0) snapshot.chunks = meta.chunks;
    writing = writing.then(async () => {
      await ready;
      if (off || !store) return;
      try {
        if (chunk >= 0) await store.append(snapshot, chunk, lines);
        else await store.putMeta(snapshot);
        await evict(store);
      } catch (error) {
        real.logger.warn(`recording not stored: ${String(error)}`);
      }
    });
    return writing;
  };

  const freeze = (): void => {
    meta.frozenFooter = recorder.footer();
    // Written to its end: once stored, it may go like any finished recording.
    void flush().then(() => release());
  };

  const recorder = createRecorder(real, {
    app: options.app,
    settle: options.settle,
    write(line) {
      if (off || meta.frozenFooter !== null) return;
      noteUser();
      // The bound is met at an input boundary after a settled input, so the file ends on a whole input
      // and its footer is the state the replay will reach. The input that found the recording full is not written.
      const { kind, burst } = lineInfo(line);
      const isInput = kind !== undefined && INPUT_KINDS.has(kind);
      if (isInput && !previousWasBurst && (meta.chars > maxChars() || stopRequested)) return freeze();
      if (isInput) {
        previousWasBurst = burst;
        meta.inputs++;
      }
      pending.push(line);
      meta.lines++;
      meta.chars += line.length + 1;
      if (pending.length >= flushLines) void flush();
      else if (timer === null) timer = real.clock.setTimeout(() => void flush(), flushMs);
    },
  });

  const summary = (m: RecordingMeta): RecordingSummary => ({
    id: m.id,
    started: m.started,
    user: m.user,
    inputs: m.inputs,
    lines: m.lines,
    bytes: m.chars * 2,
    current: m.id === meta.id,
    stopped: m.frozenFooter !== null,
    app: m.app,
  });

  /**
   * Why the signed-in user (`viewer`, null for nobody) may not have recording `m`; null when they may. Only their
   * own, of one person; the current recording with nobody signed in only if nobody signed in during it (what this
   * page has recorded of sign-in attempts — the UI offers no export then, but tools and tests do).
   */
  function refusal(m: RecordingMeta, viewer: string | null): Failure | null {
    const refuse = (message: string): Failure => ({ name: 'NotYourRecording', message });
    if (m.mixed === undefined) return refuse('That recording was stored before Plaza kept whose session each one is, so it is not exported to anyone.');
    if (m.mixed) return refuse('More than one person signed in during that recording, so it is not exported to anyone.');
    if (m.user === viewer && (viewer !== null || m.id === meta.id)) return null;
    if (m.user === null) return refuse('Nobody signed in during that recording, so it is not exported to anyone.');
    return refuse('That recording is another person’s session: only they can export it, signed in here.');
  }

  async function exportCurrent(): Promise<Result<ExportedSession>> {
    if (off) return fail({ name: 'NotRecording', message: 'Recording was turned off when this session started.' });
    noteUser();
    const refused = refusal(meta, signedInUser());
    if (refused) return fail(refused);
    // Footer and line count are taken together, before any await, so they describe the same moment.
    const footer = meta.frozenFooter ?? recorder.footer();
    const count = meta.lines;
    await flush();
    const lines = (await store!.read(meta.id)) ?? [];
    if (lines.length < count) return fail({ name: 'RecordingIncomplete', message: 'Part of this recording could not be stored.' });
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    header.user = meta.user;
    return ok({ fileName: sessionFileName(real.clock.now()), file: sessionFile([JSON.stringify(header), ...lines.slice(1, count), footer]) });
  }

  async function exportStored(id: string): Promise<Result<ExportedSession>> {
    await writing;
    const entry = (await store!.list()).find((m) => m.id === id);
    const refused = entry && refusal(entry, signedInUser());
    if (refused) return fail(refused);
    const lines = entry && (await store!.read(id));
    if (!entry || !lines || lines.length === 0) return fail({ name: 'NoSuchRecording', message: 'That recording is no longer stored.' });
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    header.user = entry.user;
    const body = [JSON.stringify(header), ...lines.slice(1)];
    if (entry.frozenFooter !== null) return ok({ fileName: sessionFileName(entry.started), file: sessionFile([...body, entry.frozenFooter]) });
    // A recording whose worker ended while it ran has no footer yet: its replay supplies one, or says why it cannot.
    const sealed = await sealRecording(body, () => new Promise<void>((resolve) => options.settle(resolve)), options.app);
    if (!sealed.ok) return sealed;
    const { lines: file, unsealed } = sealed.value;
    return ok({ fileName: sessionFileName(entry.started), file: sessionFile(file), ...(unsealed ? { unsealed: { ...unsealed, recordedBy: entry.app } } : {}) });
  }

  return {
    deps: recorder.deps,
    flush: () => flush(),
    attach(attached) {
      core = attached;
      const api = recorder.attach(attached);
      return {
        ...api,
        async $exportSession(id?: string) {
          try {
            await ready;
            return id === undefined || id === meta.id ? await exportCurrent() : await exportStored(id);
          } catch (error) {
            return failure('ExportFailed', error);
          }
        },
        async $signOut() {
          await api.$signOut();
          // The page goes once this resolves (the UI leaves it at every session end): the last lines go with it, stored.
          await flush();
        },
        async $pageHidden() {
          // The log first: it is the user's; the recording's last lines then, which the page going would lose too.
          await api.$pageHidden();
          await flush();
        },
        async $listRecordings() {
          try {
            await ready;
            await writing;
            noteUser();
            // Only the signed-in user's own: nobody signed in sees none, not even this page's recording.
            const viewer = signedInUser();
            if (viewer === null) return ok([]);
            const stored = (await store!.list()).filter((m) => m.id !== meta.id);
            const all = (off ? stored : [...stored, meta]).filter((m) => refusal(m, viewer) === null);
            return ok(all.map(summary).sort((a, b) => b.started - a.started));
          } catch (error) {
            return failure('StorageFailed', error);
          }
        },
        async $getRecordingSettings() {
          await ready;
          return ok(settings ?? DEFAULT_RECORDING_SETTINGS);
        },
        async $setRecordingSettings(input: RecordingSettings) {
          const parsed = parseRecordingSettings(input);
          if (!parsed.ok) return parsed;
          try {
            await ready;
            await real.storage.setItem(RECORDING_SETTINGS_KEY, parsed.value);
          } catch (error) {
            return failure('StorageFailed', error);
          }
          settings = parsed.value;
          // Turning recording off stops this session at its next whole input; turning it on takes effect at the next start.
          stopRequested = !settings.enabled;
          // A smaller bound evicts now; this session freezes at its next input if it alone is over.
          await flush();
          return ok(settings);
        },
      };
    },
  };
}
