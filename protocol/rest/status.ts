/** Custom status (spec 3 §7.6): every call answers with the user's whole list, so a client can always converge. */
import { z } from 'zod';
import { CustomStatus, StatusColorSchema, StatusIconSchema, StatusText, STATUS_ICONS } from '../custom-status';
import { ok, secure } from './endpoint';

export const StatusListResponse = z.object({ isOk: ok, statuses: z.array(CustomStatus).max(STATUS_ICONS.length) });

export const StatusListRequest = z.object({});
export const StatusSelectRequest = z.object({ icon: StatusIconSchema });
export const StatusAutomaticRequest = z.object({});
export const StatusInsertRequest = z.object({ icon: StatusIconSchema, text: StatusText, color: StatusColorSchema });
/** `icon` names the status; `new_icon` (Plaza's addition) moves it to another icon. */
export const StatusUpdateRequest = z.object({ icon: StatusIconSchema, text: StatusText, color: StatusColorSchema, new_icon: StatusIconSchema.optional() });
export const StatusDeleteRequest = z.object({ icon: StatusIconSchema });

const base = '/confirmed/corporate/status/custom';
export const statusEndpoints = {
  statusList: secure(`${base}/list`, StatusListRequest, StatusListResponse),
  statusSelect: secure(`${base}/select`, StatusSelectRequest, StatusListResponse),
  statusAutomatic: secure(`${base}/automatic`, StatusAutomaticRequest, StatusListResponse),
  statusInsert: secure(`${base}/insert`, StatusInsertRequest, StatusListResponse),
  statusUpdate: secure(`${base}/update`, StatusUpdateRequest, StatusListResponse),
  statusDelete: secure(`${base}/delete`, StatusDeleteRequest, StatusListResponse),
} as const;
