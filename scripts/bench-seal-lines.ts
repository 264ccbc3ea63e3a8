/** The recording both sealing measurements (bench-seal.ts in Node, bench-seal-browser.ts in Chromium) start from. */
import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** The first lines of `path` whose characters (each line and its break, as the recorder counts them) stay within `bound`, without the footer. */
export function recordingLines(path: string, bound: number): string[] {
  // Only the bytes the lines can come from are read (a character is at least one byte).
  const fd = openSync(path, 'r');
  const bytes = Buffer.alloc(Math.min(statSync(path).size, bound + 1));
  readSync(fd, bytes, 0, bytes.length, 0);
  closeSync(fd);
  const lines: string[] = [];
  let chars = 0;
  for (let from = 0; from < bytes.length; ) {
    const end = bytes.indexOf(0x0a, from);
    if (end < 0) break;
    // toString makes a flat string of its own, as the store's structured-clone read does.
    const line = bytes.toString('utf8', from, end);
    if (chars + line.length + 1 > bound || line.startsWith('{"k":"end"')) break;
    lines.push(line);
    chars += line.length + 1;
    from = end + 1;
  }
  return lines;
}
