/** A span of time as people read it: 15 ms, 0.5 s, 3.1 s, 42 s, 33 min, 2.5 h. */
export function spanText(ms: number): string {
  const s = ms / 1000;
  if (s < 0.1) return `${Number(ms.toPrecision(2))} ms`;
  if (s < 10) return `${Number(s.toPrecision(2))} s`;
  if (s < 120) return `${Math.round(s)} s`;
  if (s < 7_200) return `${Math.round(s / 60)} min`;
  return `${Number((s / 3_600).toPrecision(2))} h`;
}
