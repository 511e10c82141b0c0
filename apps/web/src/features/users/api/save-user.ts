import type { CurrentUser, UserRecord } from '@bloomline/contract';

import { api, type FormValue } from '@/api/client';

/**
 * POST /api/users, or POST /api/users/{id} with `_method=PUT`: multipart, as the original client sends it.
 * Saving oneself answers the current user, as GET /api/me does.
 */
export const saveUser = (values: Record<string, FormValue>, id?: number) =>
  (id === undefined
    ? api.form<{ data: UserRecord }>('/api/users', values)
    : api.form<{ data: UserRecord | CurrentUser }>(`/api/users/${id}`, values, { method: 'PUT' })
  ).then((r) => r.data);

/** PUT /api/users/{own id}: name, email and phoneNumber; the answer is the current user. */
export const saveProfile = (id: number, values: Record<string, FormValue>) =>
  api.form<{ data: CurrentUser }>(`/api/users/${id}`, values, { method: 'PUT' }).then((r) => r.data);

/** POST /api/users/{id}/enabled: enables a disabled user, disables an enabled one. */
export const toggleUserEnabled = (id: number) =>
  api.post<{ data: UserRecord }>(`/api/users/${id}/enabled`).then((r) => r.data);
