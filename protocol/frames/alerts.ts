/** Alert frames, server to client (spec 1 §7 receive codes ALR, ALD). */
import { z } from 'zod';
import { Alert } from '../entities';

const guid = z.string().min(1).max(200);

/** ALR: a new alert for the user. */
export const AlrFrame = z.object({ alert: Alert });
/** ALD: alerts were dismissed (on another device, or because a join request was settled). */
export const AldFrame = z.object({ alerts: z.array(guid).min(1).max(10_000) });
