/** A DebugApi for UI tests: a 30-input session whose state at n is easy to recognise. */
import type { DebugApi, DebugDivergence, InputRow, LoadProgress, SessionSummary, StateAt, UnsealedNote } from '../../protocol/debug-api';
import { fail, ok } from '../../protocol/result';
import { channelView, messageView, metaView, signedIn, snapshot } from './views';

const INPUTS = 30;

/** A file's text, as the worker reads it (FileReader: jsdom's Blob has no text()). */
function readText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
const row = (index: number): InputRow => ({ index, line: index + 1, t: 1000 + index * 100, kind: index % 3 === 0 ? 'frame' : 'intent', code: index % 3 === 0 ? 'MSG' : '$typing', summary: `input ${index} in ${index % 2 ? 'c1' : 'c2'}`, events: 1 });

/** The inputs a filter lists, in order. */
const listed = (filter?: { code?: string; channel?: string }): InputRow[] =>
  Array.from({ length: INPUTS }, (_, i) => row(i + 1)).filter((r) => (!filter?.code || r.code.includes(filter.code)) && (!filter?.channel || r.summary.includes(filter.channel)));

export class FakeDebugApi implements DebugApi {
  readonly seeks: number[] = [];
  /** What $loadProgress answers; a test sets it (and holds $load with `loadGate`) to see the screen mid-load. */
  progress: LoadProgress | null = null;
  loadGate: Promise<void> | null = null;

  async $loadProgress() {
    return this.progress;
  }

  /**
   * Where the event checks after the load stand (SessionSummary.checking): null, done as the load answers,
   * unless a test sets it; `divergence` is what they have found. $summary answers with both as they are then.
   */
  checking: { done: number; total: number } | null = null;
  divergence: DebugDivergence | null = null;
  /** The loaded file's footer's `unsealed` (null: sealed); a test sets it to load an unsealed file. */
  unsealed: UnsealedNote | null = null;
  private loaded = false;

  private summary(): SessionSummary {
    return {
      header: { format: 'plaza-session' as const, version: 1 as const, app: 'plaza-web 0.1.0', schema: 1, started: 1000, user: 'u-alice' },
      inputs: INPUTS,
      events: INPUTS,
      firstAt: 1100,
      lastAt: 1000 + INPUTS * 100,
      hash: '0123456789abcdef',
      recordedHash: this.unsealed ? null : '0123456789abcdef',
      unsealed: this.unsealed,
      matches: this.checking === null && this.divergence === null,
      divergence: this.divergence,
      checking: this.checking,
      loadMs: 12,
    };
  }

  async $load(session: string | Blob) {
    const text = typeof session === 'string' ? session : await readText(session);
    await this.loadGate;
    if (text.startsWith('bad')) return fail({ name: 'SessionFileError', message: 'line 2: not valid JSON' });
    this.loaded = true;
    return ok(this.summary());
  }
  async $summary() {
    return this.loaded ? this.summary() : null;
  }
  async $verified() {
    return this.loaded && this.checking === null ? this.summary() : null;
  }
  async $inputs(start: number, count: number, filter?: { code?: string; channel?: string }) {
    const all = listed(filter);
    return { total: all.length, start, rows: all.slice(start, start + count) };
  }
  async $inputRowAt(position: number, filter?: { code?: string; channel?: string }) {
    return listed(filter).filter((r) => r.index <= position).length - 1;
  }
  async $events(start: number, count: number, position?: number, filter?: { code?: string }) {
    const rows = Array.from({ length: INPUTS }, (_, i) => ({ index: i, seq: i + 1, at: 1100 + i * 100, source: 'socket', type: i % 3 === 0 ? 'message.received' : 'typing.started', input: i + 1, summary: `event ${i + 1}` }));
    const kept = rows.filter((r) => (position === undefined || r.input <= position) && (!filter?.code || r.type.includes(filter.code)));
    return { total: kept.length, start, rows: kept.slice(start, start + count) };
  }
  async $eventRate(buckets: number) {
    return { start: 1100, bucketMs: (INPUTS * 100) / buckets, counts: Array.from({ length: buckets }, (_, i) => i % 4), max: 3 };
  }
  async $stateAt(position: number) {
    this.seeks.push(position);
    const state: StateAt = {
      position,
      at: 1000 + position * 100,
      events: position,
      hash: `hash-${position}`,
      projections: { channels: this.channelsText ?? JSON.stringify({ position, note: '<b>not html</b>' }, null, 2), messages: JSON.stringify({ messages: position }, null, 2) },
      diffs: position > 0 ? [{ projection: 'channels', changes: [{ path: 'position', op: 'change', before: String(position - 1), after: String(position) }], truncated: false }] : [],
      view: snapshot({
        session: signedIn,
        channels: { put: [channelView({ address: 'c1', name: 'Design' }), channelView({ address: 'c2', name: 'Engineering' })], remove: [] },
        conversation: { address: 'c1', reset: true, meta: metaView('c1'), messages: { put: [messageView({ guid: 'm1', address: 'c1', parts: [{ type: 'text', text: `message at ${position}` }] })], remove: [] } },
      }),
      computeMs: 1,
    };
    return ok(state);
  }
  async $hashAt(position: number) {
    return ok(`hash-${position}`);
  }
  async $firstTouch(id: string) {
    return id === 'c1' ? 4 : id === 'm1' ? 6 : null;
  }
  /** The channels projection's text at every position, when a test sets it (else a small one naming the position). */
  channelsText: string | null = null;
  /** Positions asked to be saved; a test sets `trimFailure` to see a refusal. */
  readonly trims: number[] = [];
  trimFailure: string | null = null;
  /** While set, a save waits for it (a test looks at the page while saving). */
  trimHeld: Promise<void> | null = null;
  async $trimmedSession(position: number) {
    this.trims.push(position);
    await this.trimHeld;
    if (this.trimFailure) return fail({ name: 'Diverged', message: this.trimFailure });
    return ok({ fileName: `plaza-session-first-${position}.jsonl`, file: new Blob([`first ${position} inputs\n`]) });
  }
}
