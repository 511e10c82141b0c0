import type { Partner } from '@bloomline/contract';

import { api, type FormValue } from '@/api/client';

/**
 * POST /api/partners, or POST /api/partners/{id} with `_method=PUT`: multipart, as the original client
 * sends it. The fields are partnerUpdateBody's (a partner user's profile sends only its own).
 */
export const savePartner = (values: Record<string, FormValue>, id?: number) =>
  (id === undefined
    ? api.form<{ data: Partner }>('/api/partners', values)
    : api.form<{ data: Partner }>(`/api/partners/${id}`, values, { method: 'PUT' })
  ).then((r) => r.data);

/** POST /api/partners/{id}/enabled: enables a disabled partner, disables an enabled one. */
export const togglePartner = (id: number) =>
  api.post<{ data: Partner }>(`/api/partners/${id}/enabled`).then((r) => r.data);
