/**
 * Signing in (spec 1 §7: POST /data; the session headers of every secure call come from here) and out
 * (Plaza's addition: the spec's /secure/logout is a page, which cannot carry the session's headers).
 */
import { z } from 'zod';
import { User } from '../entities';
import { guid, ok, open, secure } from './endpoint';

/** Looser email check of spec 1 §5: something, @, something, a dot, something. */
export const LOOSE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export const LoginRequest = z.object({
  email: z.string().trim().min(1, 'This field is required').max(320).regex(LOOSE_EMAIL, 'Invalid email address'),
  password: z.string().min(1, 'This field is required').max(128),
});
export const LoginResponse = z.object({ isOk: ok, login_guid: guid, auth_token: z.string().min(16).max(500), user: User });

export const LogoutRequest = z.object({});
export const LogoutResponse = z.object({ isOk: ok });

export const sessionEndpoints = {
  login: open('/data/login', LoginRequest, LoginResponse),
  /** Ends the calling session: later calls with it get 403, and its sockets (the user's other tabs) get OUT. */
  logout: secure('/logout', LogoutRequest, LogoutResponse),
} as const;
