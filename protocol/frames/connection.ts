/** Connection frames: keepalive, acknowledgement, sign-out, device state (spec 1 §4, §7), and the socket's timing constants. */
import { z } from 'zod';

/** CHK both ways: the client's keepalive probe, or the server's heartbeat. */
export const ChkFrame = z.object({ check: z.union([z.number(), z.string().max(100)]) });
/**
 * ACK: the server acknowledges a CHK with the same `check`. `n` is how many sequenced frames
 * (SEQUENCED_DOWN_CODES) the server has sent on this connection so far: a client that received
 * fewer missed some and catches up (docs/protocol.md "Exact catch-up").
 */
export const AckFrame = z.object({ check: z.union([z.number(), z.string().max(100)]), n: z.number().int().nonnegative().optional() });
/** OUT: the server ends the session; the client closes the socket and goes to /login. */
export const OutFrame = z.object({ reason: z.string().max(500).optional() });
/** DEV: which device this socket is, and whether its user is idle. */
export const DevFrame = z.object({ device_guid: z.string().min(1).max(200), is_idle: z.boolean() });
/** IDL: the user became idle or active. */
export const IdlFrame = z.object({ is_idle: z.boolean() });

/** Socket reconnect delay: 1 s, ×1.5 per attempt, capped at 30 s (spec 1 §9). */
export const RECONNECT = { initialMs: 1_000, factor: 1.5, maxMs: 30_000 } as const;
/** Offline longer than this raises alert type 1003, and a reconnect after it resyncs (spec 1 §4). */
export const OFFLINE_ALERT_AFTER_MS = 5_000;
/** The client's keepalive CHK period. */
export const KEEPALIVE_MS = 30_000;
/** How long a CHK waits for its ACK before the socket is taken for dead and closed (spec 1 §9). */
export const ACK_WAIT_MS = 5_000;
/**
 * The time-jump check runs this often (spec 1 §9). The spec runs it every 600 s on a local
 * development host, where paused debuggers make false jumps; Plaza uses 30 s everywhere: a false
 * jump costs one CHK and a catch-up, and a period that depended on the host would make a session
 * recorded against localhost replay differently (the replayer has no host).
 */
export const TIME_JUMP_PERIOD_MS = 30_000;
/** A check that comes later than its period plus this is a time jump (sleep, clock change). */
export const TIME_JUMP_TOLERANCE_MS = 5_000;
/** A socket that has not opened after this long is closed and retried (spec 1 §9 "socket timeout setting 2 s"). */
export const CONNECT_TIMEOUT_MS = 2_000;
/**
 * While the socket has been away from online this long, the client also asks the server (a `ping`)
 * every REACHABILITY_PROBE_MS whether it answers again, and reconnects at once when it does, rather
 * than waiting out a retry delay grown to 10–30 s (Plaza's addition; docs/protocol.md "The socket").
 */
export const REACHABILITY_PROBE_AFTER_MS = 5_000;
export const REACHABILITY_PROBE_MS = 2_500;
