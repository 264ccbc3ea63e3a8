/** Two-factor reset frames, server to client (spec 1 §4, §7 receive code CAN). */
import { z } from 'zod';

const guid = z.string().min(1).max(200);

/**
 * CAN: a pending two-factor reset request of `target_user_guid` was cancelled
 * (by the person or by an admin). Sent to the company admins and to the
 * person. `alerts` names the admins' request alerts (type 16) it concerns.
 */
export const CanFrame = z.object({ target_user_guid: guid, alerts: z.array(guid).max(10_000).default([]) });
