import { expect, type Page } from '@playwright/test';

import { E2E_DATA_DIR } from '../playwright.config';
import { lastMailTo, PASSWORD, signIn } from './helpers';
import { apiGet, shopSendsOrder, todayInJohannesburg, type Order } from './orders';

/**
 * The money cycle's journeys (issue 35) pay a partner of their own, made through the product's own calls, so a
 * payout never changes what another journey reads of the demo florists (their statements, their balances).
 */

/** POST as the signed-in user of `page` (CSRF header as the web client sends it); the answer's JSON. */
export async function apiSend<T>(page: Page, method: 'POST' | 'PUT', path: string, body?: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(path, {
    method,
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
    },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

export type NewFlorist = {
  id: number;
  name: string;
  email: string;
  businessEmail: string;
  accountName: string;
};

/**
 * A florist of its own (staff make it through the API on `staff`'s page), with complete bank details (confirmed
 * by the demo's second user with the payouts permission, unless `confirmBank` is false) and a user allowed
 * statements whose password is set through the invitation e-mail, as a new florist's would be.
 */
export async function newFlorist(
  staff: Page,
  tag: string,
  { confirmBank = true }: { confirmBank?: boolean } = {},
): Promise<NewFlorist> {
  const stamp = `${tag}${String(Date.now()).slice(-6)}`;
  const name = `Payout Blooms ${stamp}`;
  const businessEmail = `accounts.${stamp}@payout.example`;
  const accountName = `Payout Blooms ${stamp} (Pty) Ltd`;
  const partner = await apiSend<{ data: { id: number } }>(staff, 'POST', '/api/partners', {
    name,
    partnerType: 'florist',
    businessEmail,
    bank_name: 'FNB',
    branch_code: '250655',
    account_name: accountName,
    account_number: `62${String(Date.now()).slice(-9)}`,
    account_type: 'Cheque',
    commission: 0.25,
  });
  const email = `owner.${stamp}@payout.example`;
  await apiSend(staff, 'POST', '/api/users', {
    name: `Owner ${stamp}`,
    email,
    role_id: 1,
    partner_id: partner.data.id,
    partner_statements: 1,
    enabled: 1,
  });
  await setPasswordFromInvitation(staff, email);
  // Issue 46: bank details given by one user with the payouts permission wait for another's confirmation.
  if (confirmBank) await confirmBankDetailsAs(staff, SECOND_PAYER, partner.data.id);
  return { id: partner.data.id, name, email, businessEmail, accountName };
}

/** The demo's second user with the payouts permission (Ayesha Patel): the four eyes of the other journeys. */
export const SECOND_PAYER = 'finance@example.com';

/** A new user sets their password through the invitation e-mail, from a context of its own (signed out). */
export async function setPasswordFromInvitation(staff: Page, email: string) {
  const mail = await expect
    .poll(() => lastMailTo(email, E2E_DATA_DIR), { message: 'the invitation e-mail' })
    .toBeTruthy()
    .then(() => lastMailTo(email, E2E_DATA_DIR)!);
  const token = /\/reset-password\/([^?\s]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  const guest = await staff
    .context()
    .browser()!
    .newContext({ baseURL: new URL(staff.url()).origin });
  const page = await guest.newPage();
  expect((await page.request.get('/sanctum/csrf-cookie')).status()).toBe(204);
  const reset = await apiSend<unknown>(page, 'POST', '/api/reset-password', {
    token: decodeURIComponent(token!),
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(reset).toBeTruthy();
  await guest.close();
}

/** Another user with the payouts permission confirms the partner's bank details, through the API. */
export async function confirmBankDetailsAs(staff: Page, email: string, partnerId: number) {
  const context = await staff
    .context()
    .browser()!
    .newContext({ baseURL: new URL(staff.url()).origin });
  const page = await context.newPage();
  await signIn(page, email);
  await apiSend(page, 'POST', `/api/partners/${String(partnerId)}/bank-details/confirm`);
  await context.close();
}

/**
 * An order of the florist's for delivery today, come in the way the shop sends one (issue 34: POST
 * /api/intake/orders with an API key) and its line given to the florist by staff, as `npm run demo:new-order`
 * does: open, one line of theirs, R 99,00 delivery.
 */
export async function orderFor(staff: Page, florist: NewFlorist): Promise<Order> {
  const order = await shopSendsOrder(staff, {
    recipient: { firstName: 'Thandi', lastName: florist.name.split(' ')[0]! },
    deliveryDate: todayInJohannesburg(),
  });
  await apiSend(staff, 'POST', `/api/reassign-order-line/${String(order.lines[0]!.id)}`, {
    partner_id: florist.id,
  });
  return (await apiGet<{ data: Order }>(staff, `/api/orders/${String(order.id)}`)).data;
}

/** The newest e-mail to `to` whose subject starts with `subject`, once the server has written it. */
export async function mailTo(to: string, subject: string) {
  await expect
    .poll(() => lastMailTo(to, E2E_DATA_DIR, subject)?.subject ?? '', {
      message: `an e-mail "${subject}…" to ${to}`,
    })
    .toMatch(new RegExp(`^${subject}`));
  return lastMailTo(to, E2E_DATA_DIR, subject)!;
}
