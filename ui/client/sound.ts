/**
 * Plays the sounds the worker decides (spec 1 §9) with Web Audio: synthesized
 * tones, no audio files. The urgent chord is a C-major triad, the beep one
 * short tone. Whether and when to play is the worker's decision (throttles,
 * mutes, mobile); this only makes the noise. Play errors (no audio device, a
 * browser that blocks audio until the user interacts) are logged only (spec 1 §8).
 */
import { effect } from '@preact/signals-react';
import type { SoundKind } from '../../protocol/rules/notifications';
import type { ViewStore } from './view-store';

export interface SoundPlayer {
  play(kind: SoundKind): void;
}

type AudioContextCtor = new () => AudioContext;

const TONES: Record<SoundKind, { freqs: number[]; seconds: number; gain: number }> = {
  chord: { freqs: [523.25, 659.25, 783.99], seconds: 0.9, gain: 0.12 },
  beep: { freqs: [880], seconds: 0.15, gain: 0.15 },
};

export function createWebAudioPlayer(win: Window = window, log: (message: string) => void = (m) => console.warn(m)): SoundPlayer {
  let audio: AudioContext | null = null;
  return {
    play(kind) {
      try {
        const Ctor = (win as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor }).AudioContext ??
          (win as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
        if (!Ctor) throw new Error('Web Audio is not available');
        audio ??= new Ctor();
        const ctx = audio;
        if (ctx.state === 'suspended') ctx.resume().catch((err: unknown) => log(`sound: could not resume audio: ${String(err)}`));
        const { freqs, seconds, gain } = TONES[kind];
        const start = ctx.currentTime;
        const volume = ctx.createGain();
        // A quick attack and an exponential release, so the tone does not click.
        volume.gain.setValueAtTime(0.0001, start);
        volume.gain.exponentialRampToValueAtTime(gain, start + 0.02);
        volume.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
        volume.connect(ctx.destination);
        for (const freq of freqs) {
          const osc = ctx.createOscillator();
          osc.type = 'sine';
          osc.frequency.setValueAtTime(freq, start);
          osc.connect(volume);
          osc.start(start);
          osc.stop(start + seconds);
        }
      } catch (err) {
        log(`sound: could not play the ${kind}: ${err instanceof Error ? err.message : String(err)}`);
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
