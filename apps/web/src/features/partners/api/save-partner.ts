import type { PartnerCreateBody } from '@bloomline/contract';
import { partnerRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/**
 * POST /api/partners, or POST /api/partners/{id} with `_method=PUT`: multipart, as the original client
 * sends it. The fields are partnerUpdateBody's (a partner user's profile sends only its own).
 */
export const savePartner = (values: PartnerCreateBody, id?: number) =>
  (id === undefined
    ? call(partnerRoutes.create, { body: values }, { form: true })
    : call(partnerRoutes.update, { params: { id }, body: values }, { form: true })
  ).then((r) => r.data);

/** POST /api/partners/{id}/enabled: enables a disabled partner, disables an enabled one. */
export const togglePartner = (id: number) =>
  call(partnerRoutes.toggleEnabled, { params: { id } }).then((r) => r.data);
