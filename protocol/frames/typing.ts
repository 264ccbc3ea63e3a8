/** Typing frames in both directions. The indicator expires after 5 s (spec 1 §4). */
import { z } from 'zod';

const guid = z.string().min(1).max(200);

/** TYP from the server: someone is typing in a channel. */
export const TypFrameDown = z.object({
  address: guid,
  user_guid: guid,
  first_name: z.string().max(200).default(''),
  last_name: z.string().max(200).default(''),
});
/** TYP to the server: the user is typing in a channel. */
export const TypFrameUp = z.object({ address: guid });

export const TYPING_EXPIRY_MS = 5_000;
/** How often the client repeats its own TYP while the user keeps typing. */
export const TYPING_RESEND_MS = 3_000;
