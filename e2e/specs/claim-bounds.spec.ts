import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { CLAIM_TEXTS, currentMonth, formatMoney, monthName } from '@bloomline/contract';

import { signIn, STAFF } from '../support/helpers';
import { apiSend, newFlorist, orderFor, type NewFlorist } from '../support/money';
import { apiGet, expectNoSidewaysScroll, type Order } from '../support/orders';

// Issue 46: the bounds on every claim. At 1280 px the Refund and Process refund dialogs name what is left and
// refuse more under the field; at 375 px a florist whose line was returned and refunded sees one deduction.
// Each journey makes a florist of its own ("Payout Blooms …", which claims.spec.ts leaves alone).

type Refund = { id: number; onPayAmount: number; onPayLeft: number; order: { refundLeft: number } };

/** The text exactly, as a pattern (its parentheses and the like taken literally). */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } as const;

/** A florist of the journey's own with one delivered order line. */
async function deliveredOrder(staff: Page, tag: string): Promise<{ florist: NewFlorist; order: Order }> {
  const florist = await newFlorist(staff, tag);
  const order = await orderFor(staff, florist);
  for (const action of ['accept', 'fulfill', 'deliver'])
    await apiSend(staff, 'POST', `/api/${action}-order-line`, { id: order.lines[0]!.id });
  return { florist, order };
}

test('at 1280 px a refund or a deduction above what is left is refused in the dialog, under its field', async ({
  page,
}) => {
  await signIn(page, STAFF);
  const { order } = await deliveredOrder(page, 'k');
  const lineId = order.lines[0]!.id;
  // R 10,00 refunded already; the order page's dialog says what is left before anything is typed.
  await apiSend(page, 'POST', `/api/orders/${String(order.id)}/refunds`, { amount: 10, lines: [lineId] });
  const detail = await apiGet<{ data: { refundLeft: number } }>(page, `/api/orders/${String(order.id)}`);
  const left = formatMoney(detail.data.refundLeft);
  await page.goto(`/order/${String(order.id)}`);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Refund' });
  const amount = dialog.getByRole('textbox', { name: /^Amount/ });
  await expect(amount).toHaveAccessibleDescription(CLAIM_TEXTS.refundLeft(left));
  await amount.fill(formatMoney(detail.data.refundLeft + 0.01).replace('R ', ''));
  await dialog.getByRole('button', { name: 'Open refund' }).click();
  await expect(amount).toHaveAccessibleDescription(literally(CLAIM_TEXTS.refundAboveLeft(left)));
  await expect(dialog).toBeVisible();

  // A refund of R 20,00 of the line; the process dialog names what is left to deduct and refuses more.
  await amount.fill('20,00');
  await dialog.getByRole('button', { name: 'Open refund' }).click();
  await expect(page).toHaveURL(/\/orders\/refunds\/\d+$/);
  const refundId = Number(/\/orders\/refunds\/(\d+)$/.exec(page.url())![1]);
  const card = (await apiGet<{ data: Refund }>(page, `/api/orders/refunds/${String(refundId)}`)).data;
  await page.getByRole('button', { name: 'Process refund' }).click();
  dialog = page.getByRole('dialog', { name: 'Process refund' });
  await dialog.getByRole('textbox', { name: /^Responsible/ }).click();
  await page.getByRole('option', { name: 'Partner', exact: true }).click();
  const deduction = dialog.getByRole('textbox', { name: /^Deduction/ });
  const deductible = formatMoney(card.onPayLeft);
  await expect(deduction).toHaveAccessibleDescription(literally(CLAIM_TEXTS.deductionLeft(deductible)));
  await deduction.fill(formatMoney(card.onPayLeft + 0.01).replace('R ', ''));
  await dialog.getByRole('button', { name: 'Process refund' }).click();
  await expect(deduction).toHaveAccessibleDescription(literally(CLAIM_TEXTS.deductionAboveLeft(deductible)));
  await expect(dialog).toBeVisible();
});

test.describe('a florist on a phone', () => {
  test.use(PHONE);

  test('after a return and a refund of one line, the statement shows one deduction', async ({
    page,
    browser,
  }) => {
    const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const staff = await staffContext.newPage();
    await signIn(staff, STAFF);
    const { florist, order } = await deliveredOrder(staff, 'p');
    const lineId = order.lines[0]!.id;
    // The whole line comes back, the florist responsible: a credit note of its on pay.
    const opened = await apiSend<{ data: { id: number } }>(
      staff,
      'POST',
      `/api/orders/${String(order.id)}/returns`,
      {
        lines: [{ orderLineId: lineId, quantity: 1, reason: 'Damaged on delivery' }],
      },
    );
    await apiSend(staff, 'POST', `/api/orders/returns/${String(opened.data.id)}/process`, {
      responsible: 'Partner',
    });
    // And the customer is refunded for it: nothing is left to deduct on the line.
    const refund = await apiSend<{ data: Refund }>(staff, 'POST', `/api/orders/${String(order.id)}/refunds`, {
      amount: 30,
      lines: [lineId],
    });
    expect(refund.data.onPayLeft).toBe(0);
    await apiSend(staff, 'PUT', `/api/orders/refunds/${String(refund.data.id)}`, {
      responsible: 'Partner',
      onPay: 0,
    });
    await staffContext.close();

    await signIn(page, florist.email);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Statements' }).click();
    await page.getByRole('link', { name: `View ${monthName(currentMonth())}` }).click();
    const entry = page.locator(`[data-entry="order-${String(order.id)}"]`);
    await expect(entry).toBeVisible();
    await expect(entry.getByText('Deduction', { exact: true })).toHaveCount(1);
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Refund' }).filter({ hasText: order.name }),
    ).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});
