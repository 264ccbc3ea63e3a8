/** Connection frames: keepalive, acknowledgement, sign-out, device state (spec 1 §4, §7). */
import { z } from 'zod';

/** CHK both ways: the client's keepalive probe, or the server's heartbeat. */
export const ChkFrame = z.object({ check: z.union([z.number(), z.string().max(100)]) });
/** ACK: the server acknowledges a CHK with the same `check`. */
export const AckFrame = z.object({ check: z.union([z.number(), z.string().max(100)]) });
/** OUT: the server ends the session; the client closes the socket and goes to /login. */
export const OutFrame = z.object({ reason: z.string().max(500).optional() });
/** DEV: which device this socket is, and whether its user is idle. */
export const DevFrame = z.object({ device_guid: z.string().min(1).max(200), is_idle: z.boolean() });
/** IDL: the user became idle or active. */
export const IdlFrame = z.object({ is_idle: z.boolean() });

/** Socket reconnect delay: 1 s, ×1.5 per attempt, capped at 30 s (spec 1 §9). */
export const RECONNECT = { initialMs: 1_000, factor: 1.5, maxMs: 30_000 } as const;
/** Offline longer than this raises alert type 1003 (spec 1 §4). */
export const OFFLINE_ALERT_AFTER_MS = 5_000;
