/**
 * Plays the sounds the worker decides (spec 1 §9): synthesized tones, no
 * audio files. The urgent chord is a C-major triad, the beep one short tone.
 * Whether and when to play is the worker's decision (throttles, mutes,
 * mobile); this only makes the noise. Play errors (no audio device, a browser
 * that blocks audio until the user interacts) are logged only (spec 1 §8).
 *
 * Each tone is rendered once into an in-memory WAV and played by an audio
 * element, not by Web Audio: Chromium's first `new AudioContext()` blocks the
 * main thread while it opens the audio device (50–80 ms on an idle machine,
 * 140 ms during the benchmark's burst — the burst's only long task), where an
 * audio element opens it off the main thread.
 */
import { effect } from '@preact/signals-react';
import type { SoundKind } from '../../protocol/rules/notifications';
import type { ViewStore } from './view-store';

export interface SoundPlayer {
  play(kind: SoundKind): void;
}

export const TONES: Record<SoundKind, { freqs: number[]; seconds: number; gain: number }> = {
  chord: { freqs: [523.25, 659.25, 783.99], seconds: 0.9, gain: 0.12 },
  beep: { freqs: [880], seconds: 0.15, gain: 0.15 },
};

export const SAMPLE_RATE = 22_050;
const ATTACK_S = 0.02;
const FLOOR = 0.0001;

/**
 * The tone as a 16-bit mono PCM WAV file: the sines summed, with a quick exponential attack and an
 * exponential release, so the tone does not click.
 */
export function toneWav(kind: SoundKind, sampleRate = SAMPLE_RATE): Uint8Array<ArrayBuffer> {
  const { freqs, seconds, gain } = TONES[kind];
  const n = Math.round(seconds * sampleRate);
  const bytes = new Uint8Array(44 + n * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string): void => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + n * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, n * 2, true);
  const steps = freqs.map((f) => (2 * Math.PI * f) / sampleRate);
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    const envelope = t < ATTACK_S ? FLOOR * (gain / FLOOR) ** (t / ATTACK_S) : gain * (FLOOR / gain) ** ((t - ATTACK_S) / (seconds - ATTACK_S));
    let sum = 0;
    for (const step of steps) sum += Math.sin(step * i);
    const sample = Math.max(-1, Math.min(1, sum * envelope));
    view.setInt16(44 + i * 2, Math.round(sample * 32_767), true);
  }
  return bytes;
}

/** What the player needs of the window (tests pass a stand-in). */
interface AudioWindow {
  Audio?: new (src?: string) => HTMLAudioElement;
  URL?: { createObjectURL(blob: Blob): string };
  Blob?: typeof Blob;
}

export function createAudioPlayer(win: Window = window, log: (message: string) => void = (m) => console.warn(m)): SoundPlayer {
  const elements = new Map<SoundKind, HTMLAudioElement>();
  const failed = (kind: SoundKind, err: unknown): void => log(`sound: could not play the ${kind}: ${err instanceof Error ? err.message : String(err)}`);
  return {
    play(kind) {
      try {
        const { Audio, URL, Blob } = win as unknown as AudioWindow;
        if (!Audio || !URL || !Blob) throw new Error('audio is not available');
        let element = elements.get(kind);
        if (!element) {
          element = new Audio(URL.createObjectURL(new Blob([toneWav(kind)], { type: 'audio/wav' })));
          element.dataset.sound = kind; // what it plays, for the console and the end-to-end tests
          elements.set(kind, element);
        }
        element.currentTime = 0;
        element.play().catch((err: unknown) => failed(kind, err));
      } catch (err) {
        failed(kind, err);
      }
    },
  };
}

/** Plays each new sound the store receives (a new id); returns the unsubscribe. */
export function watchSounds(store: Pick<ViewStore, 'sound'>, player: SoundPlayer): () => void {
  let last = store.sound.peek()?.id ?? null;
  return effect(() => {
    const sound = store.sound.value;
    if (!sound || sound.id === last) return;
    last = sound.id;
    player.play(sound.kind);
  });
}
