/**
 * Two-factor reset requests (spec 1 §6: company admins receive MFA reset
 * requests; spec 3 §7.4). A person asks for a reset (Plaza's path
 * totp/request_reset, since the spec names only the admin side); every company
 * admin gets alert type 16; an admin resets (totp/admin_reset) or the request
 * is cancelled (totp/admin_reset_cancel, by an admin or by the person), which
 * sends CAN to the admins.
 */
import { z } from 'zod';
import { guid, ok, secure, secureGet } from './endpoint';

export const MfaResetRequestEntry = z.object({
  target_user_guid: guid,
  name: z.string().max(400),
  email: z.string().max(320).default(''),
  /** Epoch ms. */
  requested: z.number().int().nonnegative(),
});
export type MfaResetRequestEntry = z.output<typeof MfaResetRequestEntry>;

/** The pending requests the caller may see: all of the company's for an admin, their own otherwise. */
export const AdminResetRequestsResponse = z.object({ isOk: ok, requests: z.array(MfaResetRequestEntry).max(10_000) });

export const RequestResetRequest = z.object({}).strict();
export const RequestResetResponse = z.object({ isOk: ok, request: MfaResetRequestEntry });

export const AdminResetRequest = z.object({ target_user_guid: guid });
export const AdminResetResponse = z.object({ isOk: ok });

export const AdminResetCancelRequest = z.object({ target_user_guid: guid });
export const AdminResetCancelResponse = z.object({ isOk: ok });

export const securityEndpoints = {
  adminResetRequests: secureGet('/confirmed/corporate/totp/admin_reset_requests', AdminResetRequestsResponse),
  requestReset: secure('/confirmed/corporate/totp/request_reset', RequestResetRequest, RequestResetResponse),
  adminReset: secure('/confirmed/corporate/totp/admin_reset', AdminResetRequest, AdminResetResponse),
  adminResetCancel: secure('/confirmed/corporate/totp/admin_reset_cancel', AdminResetCancelRequest, AdminResetCancelResponse),
} as const;
