/**
 * The people features' toasts (spec 1 §8, spec 2 §8). Titles are at most 30
 * characters (spec 3 §9); the spec's sentences are the bodies.
 */
import type { ToastSpec } from '../../protocol/events';

type Toast = Omit<ToastSpec, 'id'>;

export const PEOPLE_TOASTS = {
  connected: (name: string): Toast => ({ title: 'New connection', body: `${name} has connected with you!`, kind: 'success' }),
  requestSent: (): Toast => ({
    title: 'Connection request sent',
    body: 'Your connection request has been sent. Please wait for approval from the user receiving the request.',
    kind: 'info',
  }),
  requestFailed: (message: string): Toast => ({ title: 'Connection request failed', body: `Your connection request has failed. ${message}`.trim(), kind: 'error' }),
} as const;
