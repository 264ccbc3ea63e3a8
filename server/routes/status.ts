/**
 * Custom status (spec 3 §7.6). Every call answers with the user's whole list;
 * a change to the selected status is broadcast to everyone who can see the
 * user (NOS), so others see it live.
 */
import { reject } from '../http-util';
import { deleteStatus, hasStatus, insertStatus, listStatuses, selectStatus, updateStatus } from '../status-store';
import type { Handlers, RouteDeps } from './context';

type StatusName = 'statusList' | 'statusSelect' | 'statusAutomatic' | 'statusInsert' | 'statusUpdate' | 'statusDelete';

export const STATUS_MESSAGES = {
  noStatus: 'You have no status with this icon.',
  iconTaken: 'You already have a status with this icon.',
} as const;

export function statusHandlers({ db, presence }: RouteDeps): Handlers<StatusName> {
  const answer = async (userGuid: string, changedSelection: boolean) => {
    if (changedSelection) await presence.broadcast(userGuid);
    return { isOk: true as const, statuses: await listStatuses(db, userGuid) };
  };
  const mustExist = async (userGuid: string, icon: string) => {
    await listStatuses(db, userGuid); // the defaults exist before anything refers to them
    if (!(await hasStatus(db, userGuid, icon))) throw reject(404, STATUS_MESSAGES.noStatus, { icon: STATUS_MESSAGES.noStatus });
  };

  return {
    async statusList(user) {
      return answer(user.guid, false);
    },

    async statusSelect(user, body) {
      await mustExist(user.guid, body.icon);
      return answer(user.guid, await selectStatus(db, user.guid, body.icon));
    },

    async statusAutomatic(user) {
      return answer(user.guid, await selectStatus(db, user.guid, null));
    },

    async statusInsert(user, body) {
      await listStatuses(db, user.guid);
      if (!(await insertStatus(db, user.guid, body))) throw reject(400, STATUS_MESSAGES.iconTaken, { icon: STATUS_MESSAGES.iconTaken });
      return answer(user.guid, false);
    },

    async statusUpdate(user, body) {
      await mustExist(user.guid, body.icon);
      const newIcon = body.new_icon ?? body.icon;
      if (newIcon !== body.icon && (await hasStatus(db, user.guid, newIcon))) throw reject(400, STATUS_MESSAGES.iconTaken, { new_icon: STATUS_MESSAGES.iconTaken });
      const selected = (await listStatuses(db, user.guid)).find((s) => s.icon === body.icon)?.selected ?? false;
      await updateStatus(db, user.guid, body.icon, { text: body.text, color: body.color, newIcon });
      return answer(user.guid, selected);
    },

    async statusDelete(user, body) {
      await mustExist(user.guid, body.icon);
      const selected = (await listStatuses(db, user.guid)).find((s) => s.icon === body.icon)?.selected ?? false;
      await deleteStatus(db, user.guid, body.icon);
      return answer(user.guid, selected);
    },
  };
}
