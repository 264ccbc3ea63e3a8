/**
 * Playback buttons, the event rate plotted over the session's time (a line marks the current input's time),
 * and the position slider over all inputs. The plot and the slider have axes of their own — time and input
 * count — so they are drawn apart: a burst of inputs in one second is a narrow bar above a wide stretch of slider.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useState, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { PLAY_SPEEDS, type DebugController } from '../client/debug-controller';
import { downloadFile } from '../client/download';
import { spanText } from './span-text';

/** `sliderRef`: the position slider, for controls elsewhere on the page that move the playhead and hand it the focus. */
export function Timeline({ debug, sliderRef }: { debug: DebugController; sliderRef?: Ref<HTMLDivElement> }) {
  useSignals();
  const max = debug.summary.value?.inputs ?? 0;
  const position = debug.position.value;
  const rate = debug.rate.value;
  const at = debug.state.value?.at ?? null;
  const playing = debug.playing.value;
  const speedId = useId();

  const onKeyDown = (e: KeyboardEvent): void => {
    const moves: Record<string, number> = { ArrowRight: position + 1, ArrowUp: position + 1, ArrowLeft: position - 1, ArrowDown: position - 1, PageUp: position + 10, PageDown: position - 10, Home: 0, End: max };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    debug.seek(next);
  };
  const seekToPointer = (e: PointerEvent<HTMLDivElement>): void => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width > 0) debug.seek(((e.clientX - box.left) / box.width) * max);
  };

  const buckets = rate?.counts.length ?? 0;
  const span = rate ? rate.bucketMs * buckets : 0;
  const marker = rate && at !== null && span > 0 ? ((at - rate.start) / span) * buckets : null;
  const fraction = max > 0 ? position / max : 0;

  return (
    <div className="debug-timeline">
      <div className="debug-controls">
        {/* Each of these becomes unavailable by being pressed (Play starts playing, Pause stops it, a step reaches
            an end), or as playing reaches the end: they say so with aria-disabled and ignore presses meanwhile, since
            a button disabled under the keyboard focus drops it to the page. */}
        <PlaybackButton unavailable={playing || max === 0} onPress={() => debug.play()}>
          Play
        </PlaybackButton>
        <PlaybackButton unavailable={!playing} onPress={() => debug.pause()}>
          Pause
        </PlaybackButton>
        <PlaybackButton unavailable={position <= 0} onPress={() => debug.step(-1)}>
          Step back
        </PlaybackButton>
        <PlaybackButton unavailable={position >= max} onPress={() => debug.step(1)}>
          Step forward
        </PlaybackButton>
        {/* Labelled by id, not wrapped: a wrapping label would lend the select its options' text as a name. */}
        <label htmlFor={speedId}>Speed</label>
        <select id={speedId} value={debug.speed.value} onChange={(e) => debug.setSpeed(Number(e.target.value))}>
          {PLAY_SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {speed.toLocaleString('en')} inputs/s
            </option>
          ))}
        </select>
        <span className="debug-position">
          Input {position} of {max}
        </span>
        <SaveInputs debug={debug} position={position} />
      </div>
      {rate && buckets > 0 && (
        <figure className="debug-rate-figure">
          <svg className="debug-rate" viewBox={`0 0 ${buckets} 100`} preserveAspectRatio="none" aria-hidden="true">
            {rate.counts.map((count, i) =>
              count > 0 ? <rect key={i} x={i} width={1} y={100 - (count / Math.max(1, rate.max)) * 100} height={(count / Math.max(1, rate.max)) * 100} /> : null,
            )}
            {marker !== null && <line className="debug-rate-marker" x1={marker} x2={marker} y1={0} y2={100} />}
          </svg>
          <figcaption>
            Events per {spanText(rate.bucketMs)} over {spanText(span)}, at most {rate.max.toLocaleString('en')}; the orange line is input {position}’s time.
          </figcaption>
        </figure>
      )}
      <div
        ref={sliderRef}
        className="debug-slider"
        role="slider"
        tabIndex={0}
        aria-label="Position"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={position}
        aria-valuetext={`Input ${position} of ${max}`}
        onKeyDown={onKeyDown}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          seekToPointer(e);
        }}
        onPointerMove={(e) => {
          if (e.buttons & 1) seekToPointer(e);
        }}
      >
        <div className="debug-thumb" style={{ left: `${fraction * 100}%` }} />
      </div>
    </div>
  );
}

/** A playback button that, when unavailable, keeps the focus and ignores presses (above). */
function PlaybackButton({ unavailable, onPress, children }: { unavailable: boolean; onPress: () => void; children: string }) {
  return (
    <button type="button" aria-disabled={unavailable || undefined} onClick={() => unavailable || onPress()}>
      {children}
    </button>
  );
}

/**
 * Saves the session's first inputs, up to the playhead, as a session file of their own (what the CLI's
 * `--until N --trim OUT` writes): the way from "the bug shows here" to a small fixture for a test. A heavy
 * user's state takes a moment to hash (about a second at the end of a million inputs), so the button says
 * it is saving, and what: the playhead may move meanwhile (the worker answers seeks while it saves).
 */
function SaveInputs({ debug, position }: { debug: DebugController; position: number }) {
  const [savingAt, setSavingAt] = useState<number | null>(null);
  const saving = savingAt !== null;
  // A refusal speaks of the position it was asked at, and shows only there.
  const [refusal, setRefusal] = useState<{ at: number; message: string } | null>(null);
  const error = refusal?.at === position ? refusal.message : null;
  const save = async (): Promise<void> => {
    if (saving) return;
    const at = position;
    setSavingAt(at);
    setRefusal(null);
    try {
      const result = await debug.api.$trimmedSession(at);
      if (result.ok) downloadFile(result.value.fileName, result.value.file);
      else setRefusal({ at, message: result.error.message });
    } catch (thrown) {
      setRefusal({ at, message: thrown instanceof Error ? thrown.message : String(thrown) });
    } finally {
      setSavingAt(null);
    }
  };
  return (
    <>
      {/* Not disabled while saving, which would drop the keyboard focus: it says so, and ignores presses meanwhile. */}
      <button type="button" onClick={() => void save()} disabled={position === 0 && !saving} aria-disabled={saving || undefined}>
        {saving ? `Saving inputs 1–${savingAt}…` : position === 0 ? 'Save inputs' : `Save inputs 1–${position}`}
      </button>
      {error && (
        <span role="alert" className="error">
          Could not save: {error}
        </span>
      )}
    </>
  );
}
