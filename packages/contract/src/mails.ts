import { z } from 'zod';

import { idParams } from './fields';
import { dataOf, given, listRequest, paged } from './paging';
import { route } from './routes';

/**
 * E-mails the product sends (issue 38): each is written with the change it tells about and sent by a job that
 * tries again with growing waits. Staff see the ones that still fail, with the reason, and send them again.
 */
export const MAIL_KINDS = {
  'password-reset': 'Password reset',
  welcome: 'Invitation',
  assignment: 'New order for a partner',
  deduction: 'Deduction',
  remittance: 'Remittance',
  'bank-details': 'Bank details changed',
  statement: 'Month-end statement',
} as const;
export type MailKindName = keyof typeof MAIL_KINDS;

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;

export const mailListItem = z.object({
  id: z.number(),
  kind: z.string(),
  /** The kind in words ("Month-end statement"). */
  kindLabel: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  /** Why the last try failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastTriedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type MailListItem = z.infer<typeof mailListItem>;

const list = listRequest({
  sorts: ['created_at'],
  sort: 'created_at',
  direction: 'desc',
  filters: { status: given(z.enum(MAIL_STATUSES).default('failed')) },
});
/** GET /api/mails?status=failed (the default): newest first, searched by address or subject. */
export const mailListRequest = list.strict;
export const mailListQuery = list.lenient;
export type MailListQuery = z.infer<typeof mailListQuery>;

/** The mails' routes (staff only). */
export const mailRoutes = {
  list: route({ method: 'GET', path: '/api/mails', query: mailListRequest, answer: paged(mailListItem) }),
  /** Nothing to send: an empty JSON body is an empty object (the server's app.ts). */
  sendAgain: route({
    method: 'POST',
    path: '/api/mails/:id/send-again',
    params: idParams,
    body: z.object({}),
    answer: dataOf(mailListItem),
  }),
};

export const MAIL_TEXTS = {
  title: 'E-mails not sent',
  intro:
    'Each e-mail is tried again by itself, with longer waits between tries. These failed on every try: fix the ' +
    'reason (an address, the mail server), then send them again.',
  empty: 'Every e-mail went out: none is waiting to be sent again.',
  sendAgain: 'Send again',
  queuedAgain: 'Queued: it goes out in a moment.',
  notFailed: 'This e-mail is not failed: it was sent, or is already being sent.',
} as const;
