/**
 * Two-factor reset requests (spec 1 §4, §6; spec 3 §7.4).
 *
 * A person asks (totp/request_reset, Plaza's path): every other company admin
 * gets alert type 16, once per request. An admin answers with
 * totp/admin_reset: the person's second factor is reset, the admins' alerts
 * for the request are dismissed (ALD), the person and the other admins get CAN
 * (the request is no longer pending), and the person gets an information
 * alert. The request can instead be cancelled (totp/admin_reset_cancel) by the
 * person or by an admin: the admins and the person get CAN, and the admins'
 * alerts stay until dismissed — dismissing a cancelled one clears the
 * client's reset flag for that person (spec 1 §4).
 */
import { ALERT_TYPE } from '../../protocol/rules/alerts';
import { alertsByTarget, createAlert, dismissAlertsByTarget } from '../alert-store';
import { reject } from '../http-util';
import { markTotpReset, openMfaReset, pendingMfaReset, pendingMfaResets, settleMfaReset, type MfaResetRow } from '../security-store';
import { fullName, getUser, listCompanyUsers, type UserRow } from '../user-store';
import { MESSAGES, type Handlers, type RouteDeps } from './context';

export const SECURITY_MESSAGES = {
  adminsOnly: 'Only company admins can reset two-factor authentication.',
  cancelOwnOrAdmin: 'Only the person or a company admin can cancel this request.',
  noRequest: 'There is no pending two-factor reset request for this person.',
  asks: (name: string) => `${name} asks for a two-factor authentication reset.`,
  done: (admin: string) => `${admin} reset your two-factor authentication. Set it up again the next time you sign in.`,
} as const;

const entry = (r: MfaResetRow) => ({ target_user_guid: r.user_guid, name: r.name, email: r.email, requested: r.created });

export function securityHandlers({ db, hub }: RouteDeps): Handlers<'adminResetRequests' | 'requestReset' | 'adminReset' | 'adminResetCancel'> {
  const admins = async (companyGuid: string): Promise<UserRow[]> => (await listCompanyUsers(db, companyGuid)).filter((u) => u.is_company_admin && !u.is_blocked);

  /** A user of the caller's company, or 404 (other companies' people do not exist for them). */
  const colleague = async (user: UserRow, guid: string): Promise<UserRow> => {
    const target = await getUser(db, guid);
    if (!target || target.company_guid !== user.company_guid) throw reject(404, MESSAGES.noUser);
    return target;
  };

  return {
    async adminResetRequests(user) {
      if (user.is_company_admin) return { isOk: true, requests: (await pendingMfaResets(db, user.company_guid)).map(entry) };
      const own = await pendingMfaReset(db, user.guid);
      return { isOk: true, requests: own ? [entry(own)] : [] };
    },

    async requestReset(user) {
      const { request, created } = await openMfaReset(db, user);
      if (created) {
        // An admin asking for their own reset asks the other admins.
        for (const admin of await admins(user.company_guid)) {
          if (admin.guid === user.guid) continue;
          await createAlert(db, hub, {
            user_guid: admin.guid,
            alert_type: ALERT_TYPE.mfaResetRequest,
            message: SECURITY_MESSAGES.asks(request.name),
            target: { target_user_guid: user.guid, request_guid: request.guid, name: request.name },
          });
        }
      }
      return { isOk: true, request: entry(request) };
    },

    async adminReset(user, body) {
      if (!user.is_company_admin) throw reject(400, SECURITY_MESSAGES.adminsOnly);
      const target = await colleague(user, body.target_user_guid);
      await markTotpReset(db, target.guid);
      const pending = await pendingMfaReset(db, target.guid);
      if (pending && (await settleMfaReset(db, pending.guid, 'reset', user.guid))) {
        await dismissAlertsByTarget(db, hub, ALERT_TYPE.mfaResetRequest, 'request_guid', pending.guid);
        // The request is no longer pending: the person and the other admins are told as for a cancel (after
        // the ALD above, so no alert of theirs is left to flag it), or their settings would list it until reloaded.
        const told = new Set([...(await admins(user.company_guid)).map((a) => a.guid), target.guid]);
        told.delete(user.guid);
        hub.sendToUsers([...told], 'CAN', { target_user_guid: target.guid, alerts: [] });
      }
      await createAlert(db, hub, { user_guid: target.guid, alert_type: ALERT_TYPE.informationAlert, message: SECURITY_MESSAGES.done(fullName(user)) });
      return { isOk: true };
    },

    async adminResetCancel(user, body) {
      const target = await colleague(user, body.target_user_guid);
      if (target.guid !== user.guid && !user.is_company_admin) throw reject(400, SECURITY_MESSAGES.cancelOwnOrAdmin);
      const pending = await pendingMfaReset(db, target.guid);
      if (!pending || !(await settleMfaReset(db, pending.guid, 'cancelled', user.guid))) throw reject(400, SECURITY_MESSAGES.noRequest);
      const alerts = await alertsByTarget(db, ALERT_TYPE.mfaResetRequest, 'request_guid', pending.guid);
      const told = new Set([...(await admins(user.company_guid)).map((a) => a.guid), target.guid]);
      for (const guid of told) {
        hub.sendToUsers([guid], 'CAN', { target_user_guid: target.guid, alerts: alerts.filter((a) => a.user_guid === guid).map((a) => a.guid) });
      }
      return { isOk: true };
    },
  };
}
