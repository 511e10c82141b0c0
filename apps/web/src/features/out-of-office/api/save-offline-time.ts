import type { OfflineTimeUpdateBody } from '@bloomline/contract';
import { offlineTimeRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/**
 * POST /api/partners/{partnerId}/offline-times, or POST …/{id} with `_method=PUT`: multipart, as the original
 * client sends them. The fields are offlineTimeCreateBody's (and offlineTimeUpdateBody's `enabled`).
 */
export const saveOfflineTime = (partnerId: number, values: OfflineTimeUpdateBody, id?: number) =>
  (id === undefined
    ? call(offlineTimeRoutes.create, { params: { partnerId }, body: values }, { form: true })
    : call(offlineTimeRoutes.update, { params: { partnerId, id }, body: values }, { form: true })
  ).then((r) => r.data);
