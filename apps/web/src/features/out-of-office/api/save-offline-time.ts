import type { OfflineTime } from '@bloomline/contract';

import { api, type FormValue } from '@/api/client';

import { offlineTimesPath } from './get-offline-times';

/**
 * POST /api/partners/{partnerId}/offline-times, or POST …/{id} with `_method=PUT`: multipart, as the original
 * client sends them. The fields are offlineTimeCreateBody's (and offlineTimeUpdateBody's `enabled`).
 */
export const saveOfflineTime = (partnerId: number, values: Record<string, FormValue>, id?: number) =>
  (id === undefined
    ? api.form<{ data: OfflineTime }>(offlineTimesPath(partnerId), values)
    : api.form<{ data: OfflineTime }>(`${offlineTimesPath(partnerId)}/${id}`, values, { method: 'PUT' })
  ).then((r) => r.data);
