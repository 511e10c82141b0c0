import type { UserListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** What a users list is asked for: the contract's request, every part optional. */
export type UserListParams = Partial<UserListQuery>;

export const userKeys = resourceKeys<UserListParams>('users');
export const roleKeys = resourceKeys('roles');
