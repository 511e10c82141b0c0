import { and, eq, gt } from 'drizzle-orm';

import type { DbOrTx } from '../db/client';
import { passwordResetTokens } from '../db/schema';
import { randomToken, safeEqual, sha256 } from '../lib/crypto';
import type { Mail } from '../lib/mailer';

/**
 * The links that let someone set a password: the reset link of "Forgot your password?" (auth) and the
 * invitation a new user gets (users). One token per address, random, stored hashed, single use, valid
 * RESET_TOKEN_MINUTES; both open the web's /reset-password page.
 */
export const RESET_TOKEN_MINUTES = 60;

/** Stores a fresh token for the address (an earlier one stops working) and answers the link that uses it. */
export async function issuePasswordLink(db: DbOrTx, appUrl: string, email: string): Promise<string> {
  const token = randomToken(32);
  const tokenHash = sha256(token);
  await db
    .insert(passwordResetTokens)
    .values({ email: email.toLowerCase(), tokenHash, createdAt: new Date() })
    .onConflictDoUpdate({ target: passwordResetTokens.email, set: { tokenHash, createdAt: new Date() } });
  return `${appUrl}/reset-password/${token}?email=${encodeURIComponent(email)}`;
}

/** Drops any token of the address (a disabled account's, an e-mail address that changed). */
export async function forgetPasswordLink(db: DbOrTx, email: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.email, email.toLowerCase()));
}

/**
 * Uses up the address's token: whether `token` was its live one. The token is deleted by the statement that
 * checks it, so it works once even when two requests race; a wrong token uses it up too.
 */
export async function consumePasswordToken(db: DbOrTx, email: string, token: string): Promise<boolean> {
  const used = await db
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.email, email.toLowerCase()),
        gt(passwordResetTokens.createdAt, new Date(Date.now() - RESET_TOKEN_MINUTES * 60_000)),
      ),
    )
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return !!used[0] && safeEqual(used[0].tokenHash, sha256(token));
}

export function resetMail(user: { name: string; email: string }, link: string): Mail {
  return {
    to: user.email,
    subject: 'Reset your Bloomline password',
    text: [
      `Hello ${user.name},`,
      '',
      'You are receiving this e-mail because we received a password reset request for your account.',
      '',
      `Reset your password: ${link}`,
      '',
      `This link expires in ${String(RESET_TOKEN_MINUTES)} minutes and works once.`,
      'If you did not request a password reset, no further action is required.',
    ].join('\n'),
  };
}

export function invitationMail(user: { name: string; email: string }, link: string, signInUrl: string): Mail {
  return {
    to: user.email,
    subject: 'Your Bloomline account',
    text: [
      `Hello ${user.name},`,
      '',
      `An account has been made for you on Bloomline, with this e-mail address (${user.email}).`,
      '',
      `Set your password: ${link}`,
      '',
      `This link expires in ${String(RESET_TOKEN_MINUTES)} minutes and works once. After that, choose`,
      `"Forgot your password?" on ${signInUrl} for a new one.`,
    ].join('\n'),
  };
}
