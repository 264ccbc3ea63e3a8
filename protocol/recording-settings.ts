/**
 * The session recording's settings, validated here at the edge: the UI's
 * `$setRecordingSettings` and the value read back from storage both pass
 * through `parseRecordingSettings`.
 */
import { z } from 'zod';
import { fail, ok, type Result } from './result';

export const RECORDING_MAX_MEGABYTES = 1024;

export const RecordingSettings = z.object({
  enabled: z.boolean({ message: 'Record sessions must be on or off.' }),
  maxMegabytes: z
    .number({ message: `Recording size must be a whole number of megabytes from 1 to ${RECORDING_MAX_MEGABYTES}.` })
    .int(`Recording size must be a whole number of megabytes from 1 to ${RECORDING_MAX_MEGABYTES}.`)
    .min(1, `Recording size must be at least 1 MB.`)
    .max(RECORDING_MAX_MEGABYTES, `Recording size must be at most ${RECORDING_MAX_MEGABYTES} MB.`),
});
export type RecordingSettings = z.infer<typeof RecordingSettings>;

/**
 * On by default, 128 MB across all stored recordings. A heavy user's sign-in alone records ~31 MB — the stored
 * log the worker loads (8.4 MB of text), the conversation list (4.5 MB) and the view cache (2.2 MB), 15.5 million
 * characters for the heavy demo user's reload — so the earlier 32 MB (16.8 million characters) left her
 * recording room for ~1.3 million characters more (~9,000 socket frames) before it stopped. 128 MB keeps
 * that sign-in and, after it, about 48 million characters of what follows (~350,000 socket frames); a
 * bound, not a reservation: an ordinary user's recordings stay a few hundred KB.
 */
export const DEFAULT_RECORDING_SETTINGS: RecordingSettings = { enabled: true, maxMegabytes: 128 };

/**
 * A megabyte of recording is 2^20 bytes of the recording's text as UTF-16 (how a
 * JavaScript string holds it), so 1 MB is 512Ki characters.
 */
export const CHARS_PER_MEGABYTE = 512 * 1024;

/** Validates settings from the UI or storage; the failure names the field to blame. */
export function parseRecordingSettings(value: unknown): Result<RecordingSettings> {
  const parsed = RecordingSettings.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  return fail({
    name: 'InvalidSettings',
    message: issue?.message ?? 'The recording settings are not valid.',
    ...(typeof field === 'string' ? { field } : {}),
  });
}
