/**
 * The V8 flags `npm run replay` runs with (package.json's script passes them to node; the benchmark's replay
 * runs in a Node process of its own with them, bench/replay.ts).
 *
 * A replay allocates a few hundred bytes per input, most of it dead within a burst, and keeps a working set
 * (the message cache, the log since its last snapshot) that a small young generation promotes to the old one
 * over and over. A fixed 64 MB semi-space (Node's default grows to 16 MB) scavenges a quarter as often and
 * never shrinks between bursts, so its pages stay mapped: on this machine, where a page fault costs ~10 µs,
 * that made a million-input replay ~17% faster (5.6-5.9 s → 4.6-4.9 s, three runs each; 128 MB was no better).
 * A browser's worker cannot be given flags; the debugger's numbers (bench/seek.ts) are measured without them.
 */
export const REPLAY_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64', '--min-semi-space-size=64'];
