import type { CurrentUser, ProfileBody, UserBody, UserUpdateBody } from '@bloomline/contract';
import { userRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/** POST /api/users: multipart, as the original client sends it. */
export const createUser = (values: UserBody) =>
  call(userRoutes.create, { body: values }, { form: true }).then((r) => r.data);

/**
 * POST /api/users/{id} with `_method=PUT`: multipart, as the original client sends it. Saving oneself answers
 * the current user, as GET /api/me does.
 */
export const updateUser = (id: number, values: UserUpdateBody) =>
  call(userRoutes.update, { params: { id }, body: values }, { form: true }).then((r) => r.data);

/** PUT /api/users/{own id}: name, email and phoneNumber; the answer is the current user. */
export const saveProfile = (id: number, values: ProfileBody) =>
  updateUser(id, values).then((saved) => saved as CurrentUser);

/** POST /api/users/{id}/enabled: enables a disabled user, disables an enabled one. */
export const toggleUserEnabled = (id: number) =>
  call(userRoutes.toggleEnabled, { params: { id } }).then((r) => r.data);
