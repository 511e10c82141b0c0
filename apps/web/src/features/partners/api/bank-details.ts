import type { BankDetailsBody } from '@bloomline/contract';
import { partnerRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/** PUT /api/partners/{id}/bank-details (managePayouts): the change awaits a second user's confirmation. */
export const changeBankDetails = (id: number, body: BankDetailsBody) =>
  call(partnerRoutes.changeBankDetails, { params: { id }, body }).then((r) => r.data);

/**
 * POST /api/partners/{id}/bank-details/confirm with the change read: a later change, or one confirmed meanwhile
 * by someone else, is a 409 the dialog shows; 403 for the user who made it.
 */
export const confirmBankDetails = (id: number, changeId: number) =>
  call(partnerRoutes.confirmBankDetails, { params: { id }, body: { changeId } }, { handles: [409] }).then(
    (r) => r.data,
  );
