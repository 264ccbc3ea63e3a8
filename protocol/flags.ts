/** Message flags (spec 1 §3): 12 colours with ids 1 to 12; 0 means not flagged. */

export const FLAG_COLOURS = [
  'yellow',
  'yellow-orange',
  'orange',
  'red-orange',
  'red',
  'red-violet',
  'violet',
  'blue-violet',
  'blue',
  'blue-green',
  'green',
  'yellow-green',
] as const;
export type FlagColour = (typeof FLAG_COLOURS)[number];

/** The colour of flag id 1–12, or null for 0 (not flagged) and anything else. */
export function flagColour(flag: number): FlagColour | null {
  return FLAG_COLOURS[flag - 1] ?? null;
}

/** "Yellow-orange": the colour name as a label. */
export function flagLabel(flag: number): string {
  const colour = flagColour(flag);
  return colour ? colour.charAt(0).toUpperCase() + colour.slice(1) : 'No flag';
}
