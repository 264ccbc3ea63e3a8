/**
 * The session file chosen with "Import session…" in the app's menu, on its way to the debugger that the
 * choice opens: the menu hands it over and navigates, the debugger page takes it once as it mounts and
 * loads it. One slot: a file handed over and never taken (the debugger did not open) is replaced by the
 * next one. It holds the File, a handle: nothing reads the file's text on this thread.
 */

/** What a file input offers for session files (`accept`): the format is JSON lines, often saved as text. */
export const SESSION_FILE_TYPES = '.jsonl,.json,.txt,application/json,text/plain';

export interface SessionImport {
  hand(file: File): void;
  /** The file handed over, if any, now no longer held. */
  take(): File | null;
}

export function createSessionImport(): SessionImport {
  let chosen: File | null = null;
  return {
    hand(file) {
      chosen = file;
    },
    take() {
      const file = chosen;
      chosen = null;
      return file;
    },
  };
}
