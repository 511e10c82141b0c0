import type {
  ChangePasswordBody,
  ErrorBag,
  ForgotPasswordBody,
  ResetPasswordBody,
} from '@bloomline/contract';

import { api, isApiError } from '@/api/client';

type Status = { status: string };

/** A 429 (too many reset requests) is shown under the e-mail field, like sign-in's. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  api.post<Status>('/api/forgot-password', body, { handles: [429] });
export const resetPassword = (body: ResetPasswordBody) => api.post<Status>('/api/reset-password', body);
export const changePassword = (body: ChangePasswordBody) => api.post<Status>('/api/change-password', body);

/** The error bag of a 422 (or a 429 shown on `field`), or null when the error is something else. */
export function bagOf(error: unknown, throttledField = 'email'): ErrorBag | null {
  if (!isApiError(error)) return null;
  if (error.status === 422) return error.errors;
  if (error.status === 429) return { [throttledField]: [error.message] };
  return null;
}
