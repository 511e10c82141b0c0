import { z } from 'zod';

import { meResponse } from './me';
import { route } from './routes';
import { email, requiredString } from './validation';

export const PASSWORD_MIN_LENGTH = 8;

export const loginBody = z.object({ email: email(), password: z.string().min(1) });
export type LoginBody = z.infer<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: email() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

const newPassword = z.string().min(1).min(PASSWORD_MIN_LENGTH).max(255);

const confirmed = <T extends { password: string; password_confirmation: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: 'The passwords do not match.',
    });
  }
};

export const resetPasswordBody = z
  .object({
    token: requiredString(),
    email: email(),
    password: newPassword,
    password_confirmation: z.string().min(1),
  })
  .superRefine(confirmed);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z
  .object({
    current_password: z.string().min(1),
    password: newPassword,
    password_confirmation: z.string().min(1),
  })
  .superRefine(confirmed);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const statusBody = z.object({ status: z.string() });

export const AUTH_MESSAGES = {
  failed: 'These credentials do not match our records.',
  disabled: 'This account is disabled.',
  throttled: (seconds: number) => `Too many login attempts. Please try again in ${String(seconds)} seconds.`,
  resetThrottled: (seconds: number) =>
    `Too many password reset requests. Please try again in ${String(seconds)} seconds.`,
  resetLinkSent: 'We have emailed your password reset link.',
  resetToken: 'This password reset token is invalid.',
  passwordReset: 'Your password has been reset.',
  currentPassword: 'The password is incorrect.',
  passwordChanged: 'Your password has been changed.',
  signedIn: 'Signed in.',
} as const;

/** Signing in and out, the signed-in user, and the password's routes (issue 37). */
export const authRoutes = {
  /** Starts a session: sets the XSRF-TOKEN cookie every later write sends back (204). */
  csrfCookie: route({ method: 'GET', path: '/sanctum/csrf-cookie' }),
  login: route({ method: 'POST', path: '/api/login', body: loginBody, answer: meResponse }),
  me: route({ method: 'GET', path: '/api/me', answer: meResponse }),
  logout: route({ method: 'POST', path: '/api/logout' }),
  forgotPassword: route({
    method: 'POST',
    path: '/api/forgot-password',
    body: forgotPasswordBody,
    answer: statusBody,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/reset-password',
    body: resetPasswordBody,
    answer: statusBody,
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/change-password',
    body: changePasswordBody,
    answer: statusBody,
  }),
};
