import { authRoutes } from '@bloomline/contract';
import type { ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody } from '@bloomline/contract';

import { call } from '@/api/call';

/** A 429 (too many reset requests) is shown under the e-mail field, like sign-in's. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  call(authRoutes.forgotPassword, { body }, { handles: [429] });
export const resetPassword = (body: ResetPasswordBody) => call(authRoutes.resetPassword, { body });
export const changePassword = (body: ChangePasswordBody) => call(authRoutes.changePassword, { body });
