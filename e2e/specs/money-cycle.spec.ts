import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { currentMonth, formatMoney, monthName, ON_PAY_INCL, ORDER_DELIVERED_TEXT } from '@bloomline/contract';

import { expectAccessible, signIn, STAFF } from '../support/helpers';
import { apiSend, mailTo, newFlorist, orderFor } from '../support/money';
import { apiGet, expectNoSidewaysScroll, section, todayInJohannesburg } from '../support/orders';

// Issue 35: the money cycle on real orders, end to end. A florist of its own (made through the product's own
// calls, so no other journey's demo florist is paid out) delivers an order on a phone, finds its bill on the
// statement with the order page's on pay, a refund is deducted, staff pay it out, its balance is R 0,00 and
// the remittance e-mail says what was paid. Staff at 1280 px open a return and a refund from the order page,
// process both, record a payout of one partner and download the bank file.

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } as const;
const MONTH = currentMonth();
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

async function confirmAction(page: Page, label: string) {
  const next = section(page, 'What to do next');
  await next.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${label}?` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

/** A figure of the statement as shown ("R 1 234,56"). */
async function figure(page: Page, label: string) {
  const group = page.getByRole('group', { name: label, exact: true });
  await expect(group).toContainText(/R\s?[\d\s]*\d,\d{2}/);
  return /(-?R [\d ]+,\d{2})$/.exec(plain((await group.textContent()) ?? ''))?.[1];
}

test.describe('a florist on a phone', () => {
  test.use(PHONE);

  test('delivers an order, finds its bill and a refund on the statement, is paid out to R 0,00 and reads the remittance', async ({
    page,
    browser,
  }) => {
    const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const staff = await staffContext.newPage();
    await signIn(staff, STAFF);
    const florist = await newFlorist(staff, 'f');
    const order = await orderFor(staff, florist);

    // The florist accepts, fulfils and delivers it on the phone.
    await signIn(page, florist.email);
    await page.goto(`/order/${String(order.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.name}` })).toBeVisible();
    await confirmAction(page, 'Accept order');
    await confirmAction(page, 'Fulfill order');
    await confirmAction(page, 'Deliver order');
    await expect(section(page, 'What to do next').getByText(ORDER_DELIVERED_TEXT)).toBeVisible();
    const onpay = (
      await apiGet<{ data: Record<string, number> }>(page, `/api/orders/${String(order.id)}/onpayment`)
    ).data[ON_PAY_INCL]!;
    const onPaySection = section(page, 'On payment');
    await expect(onPaySection).toContainText(formatMoney(onpay));
    await expectNoSidewaysScroll(page);

    // The bill on this month's statement, for the order page's on pay, unpaid: the balance.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Statements' }).click();
    await page.getByRole('link', { name: `View ${monthName(MONTH)}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Statement for ${monthName(MONTH)}` }),
    ).toBeVisible();
    const entry = page.locator(`[data-entry="order-${String(order.id)}"]`);
    await expect(entry).toContainText('On pay due (incl VAT)');
    await expect(entry).toContainText(formatMoney(onpay));
    expect(await figure(page, 'Current balance')).toBe(formatMoney(onpay));

    // Staff refund the customer R 40,00 of it and hold the florist responsible for R 20,00.
    const refund = await apiSend<{ data: { id: number; onPayAmount: number } }>(
      staff,
      'POST',
      `/api/orders/${String(order.id)}/refunds`,
      { amount: 40, lines: [order.lines[0]!.id], reason: 'Wilted' },
    );
    const deduction = Math.min(20, refund.data.onPayAmount);
    await apiSend(staff, 'PUT', `/api/orders/refunds/${String(refund.data.id)}`, {
      responsible: 'Partner',
      onPay: deduction,
    });
    await page.reload();
    const refundEntry = page
      .getByRole('listitem')
      .filter({ hasText: 'Refund' })
      .filter({ hasText: order.name });
    await expect(refundEntry).toContainText(formatMoney(-deduction));
    await expect(refundEntry).toContainText('Deduction');
    const due = Math.round((onpay - deduction) * 100) / 100;
    expect(await figure(page, 'Current balance')).toBe(formatMoney(due));

    // Staff pay the florist out up to today.
    const payout = await apiSend<{ data: { id: number; payments: { amount: number }[] } }>(
      staff,
      'POST',
      '/api/payouts',
      {
        upTo: todayInJohannesburg(),
        paidAt: todayInJohannesburg(),
        // A reference names one payout (issue 46): this florist's own, so a retry of the journey makes its own.
        reference: `BL E2E PAY ${String(florist.id)}`,
        partnerIds: [florist.id],
      },
    );
    expect(payout.data.payments.map((p) => p.amount)).toEqual([due]);
    await page.reload();
    expect(await figure(page, 'Current balance')).toBe('R 0,00');
    expect(await figure(page, 'Total Unpaid')).toBe('R 0,00');
    await expect(
      page.getByRole('listitem').filter({ hasText: `BL E2E PAY ${String(florist.id)}` }),
    ).toContainText(formatMoney(-due));
    await expect(entry).toContainText('Total paid (incl VAT)');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // The remittance e-mail: what was paid, for which order, less which deduction.
    const mail = await mailTo(florist.businessEmail, 'Remittance');
    expect(mail.subject).toContain(formatMoney(due));
    expect(mail.text).toContain(order.name);
    expect(mail.text).toContain(formatMoney(onpay));
    expect(mail.text).toContain('Refund');
    await staffContext.close();
  });
});

test('staff open a return and a refund from the order page, process them, pay one partner out and download the bank file', async ({
  page,
}) => {
  await signIn(page, STAFF);
  const florist = await newFlorist(page, 's');
  const order = await orderFor(page, florist);
  const lineId = order.lines[0]!.id;
  for (const action of ['accept', 'fulfill', 'deliver'])
    await apiSend(page, 'POST', `/api/${action}-order-line`, { id: lineId });

  // Return lines: one of the delivered line, damaged.
  await page.goto(`/order/${String(order.id)}`);
  await page.getByRole('button', { name: 'Return lines' }).click();
  let dialog = page.getByRole('dialog', { name: 'Return lines' });
  await dialog.getByRole('combobox', { name: /Quantity returned/ }).selectOption('1');
  await dialog.getByRole('textbox', { name: /^Reason/ }).click();
  await page.getByRole('option', { name: 'Damaged on delivery', exact: true }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Open return' }).click();
  await expect(page).toHaveURL(/\/orders\/returns\/\d+$/);
  const credit = page.getByRole('list', { name: 'Deduction with Partner responsible' });
  await expect(credit).toContainText(florist.name);
  const creditText = /-R [\d ]+,\d{2}/.exec(plain((await credit.textContent()) ?? ''))![0];
  await page.getByRole('button', { name: 'Process return' }).click();
  dialog = page.getByRole('dialog', { name: 'Process return' });
  await expect(dialog.getByRole('list', { name: 'Deduction with Partner responsible' })).toContainText(
    creditText,
  );
  await dialog.getByRole('textbox', { name: /^Responsible/ }).click();
  await page.getByRole('option', { name: 'Partner', exact: true }).click();
  await dialog.getByRole('button', { name: 'Process return' }).click();
  await expect(page.getByRole('list', { name: 'Deducted from the partners' })).toContainText(creditText);

  // Refund R 30,00 of it; the deduction is asked for only with Partner responsible, and is at most what is left.
  await page.goto(`/order/${String(order.id)}`);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Refund' });
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('30,00');
  await dialog.getByRole('button', { name: 'Open refund' }).click();
  await expect(page).toHaveURL(/\/orders\/refunds\/\d+$/);
  await page.getByRole('button', { name: 'Process refund' }).click();
  dialog = page.getByRole('dialog', { name: 'Process refund' });
  await expect(dialog.getByRole('textbox', { name: /^Deduction/ })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: /^Responsible/ }).click();
  await page.getByRole('option', { name: 'Partner', exact: true }).click();
  // The line came back in full with the partner responsible: nothing is left to deduct on it (issue 46).
  const deduction = dialog.getByRole('textbox', { name: /^Deduction/ });
  await expect(deduction).toHaveAccessibleDescription(/R 0,00 left to deduct on these lines/);
  await deduction.fill('10');
  await dialog.getByRole('button', { name: 'Process refund' }).click();
  await expect(deduction).toHaveAccessibleDescription(/Nothing is left to deduct on these lines/);
  await deduction.fill('0');
  await dialog.getByRole('button', { name: 'Process refund' }).click();
  await expect(dialog).toBeHidden();

  // Payouts: only this florist, behind a confirmation naming the total.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: florist.name });
  await expect(row).toBeVisible();
  const due = /R [\d ]+,\d{2}/.exec(plain((await row.getByRole('cell').nth(4).textContent()) ?? ''))![0];
  await page.getByRole('button', { name: 'Choose none' }).click();
  await row.getByRole('checkbox', { name: `Pay ${florist.name}` }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Record payout' }).click();
  dialog = page.getByRole('dialog', { name: 'Record payout' });
  await expect(dialog.getByTestId('payout-confirmation')).toContainText(`Pay ${due} to 1 partner`);
  const reference = `BL E2E STAFF ${String(florist.id)}`;
  await dialog.getByRole('textbox', { name: /^Bank reference/ }).fill(reference);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Payout recorded' });
  await expect(done).toContainText(`${due} paid to ${florist.name}`);
  await expect(page.getByRole('row').filter({ hasText: florist.name })).toHaveCount(0);

  // The bank file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    done.getByRole('button', { name: 'Download bank file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^payout-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const amount = due.replace('R ', '').replace(/\s/g, '').replace(',', '.');
  expect(csv.split('\r\n')[0]).toBe(
    'Beneficiary name,Bank,Branch code,Account number,Account type,Amount,Reference',
  );
  expect(csv).toContain(`${florist.accountName},FNB,250655,`);
  expect(csv).toContain(`,Cheque,${amount},${reference}`);
  await expect(
    page.getByRole('region', { name: 'Payouts made' }).getByRole('row').filter({ hasText: reference }),
  ).toBeVisible();
});
