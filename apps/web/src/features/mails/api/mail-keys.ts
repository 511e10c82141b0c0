import type { MailListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** What a mails list is asked for: the contract's request, every part optional. */
export type MailListParams = Partial<MailListQuery>;

export const mailKeys = resourceKeys<MailListParams>('mails');
