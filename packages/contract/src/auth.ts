import { z } from 'zod';

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
