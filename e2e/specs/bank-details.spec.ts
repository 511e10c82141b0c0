import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';

import { BANK_TEXTS } from '@bloomline/contract';

import { expectAccessible, signIn, STAFF } from '../support/helpers';
import { apiSend, mailTo, newFlorist, orderFor, setPasswordFromInvitation } from '../support/money';

// Issue 46 at 1280 px: bank details under four eyes. The demo's admin (Thandeka Mokoena, payouts permission)
// changes a florist's bank details on the partner's page; the florist is e-mailed the last four digits; the
// payouts list holds the florist; the admin cannot confirm their own change; a second user with the payouts
// permission, made for this journey, confirms it; then the payout pays into the new account's bank file.

const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A staff user with the payouts permission, made through the API, password set from the invitation. */
async function secondPayer(staff: Page) {
  const stamp = String(Date.now()).slice(-7);
  const email = `payer.${stamp}@bank.example`;
  const name = `Naledi Payer ${stamp}`;
  await apiSend(staff, 'POST', '/api/users', { name, email, role_id: 2, manage_payouts: 1, enabled: 1 });
  await setPasswordFromInvitation(staff, email);
  return { email, name };
}

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('bank details changed by one staff user and confirmed by another; the payout held until then', async ({
  page,
  browser,
}) => {
  await signIn(page, STAFF);
  const florist = await newFlorist(page, 'k');
  const order = await orderFor(page, florist);
  for (const action of ['accept', 'fulfill', 'deliver'])
    await apiSend(page, 'POST', `/api/${action}-order-line`, { id: order.lines[0]!.id });
  const payer = await secondPayer(page);

  // The admin changes the account on the partner's page: refused in an accountant's words first.
  await page.goto(`/partners/${String(florist.id)}`);
  const bank = page.getByRole('region', { name: 'Bank details' });
  await expect(bank.getByTestId('bank-state')).toHaveText('Confirmed');
  await bank.getByRole('button', { name: 'Change bank details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change bank details' });
  await dialog.getByRole('textbox', { name: 'Account number' }).fill('-2+3');
  await dialog.getByRole('textbox', { name: 'Branch code' }).fill('+27-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(BANK_TEXTS.account_number)).toBeVisible();
  await expect(dialog.getByText(BANK_TEXTS.branch_code)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Account number' }).fill('1234566789');
  await dialog.getByRole('textbox', { name: 'Branch code' }).fill('470010');
  await dialog.getByRole('textbox', { name: 'Bank' }).fill('Capitec');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(bank.getByTestId('bank-state')).toHaveText('Awaiting confirmation');
  await expect(bank.getByTestId('bank-state-sentence')).toHaveText(
    /^Changed by Thandeka Mokoena on \w{3} \d{2} \w{3} \d{4}, awaiting confirmation$/,
  );
  // Not by the one who changed it: the button is there, disabled, with the reason.
  await expect(bank.getByRole('button', { name: 'Confirm bank details' })).toBeDisabled();
  await expect(bank.getByTestId('bank-confirm-reason')).toHaveText(BANK_TEXTS.ownChange);
  await expectAccessible(page);

  // The florist hears of it: old and new last four digits only.
  const mail = await mailTo(florist.businessEmail, 'Your bank details at Bloomline were changed');
  expect(mail.text).toContain('Now: account ending 6789');
  expect(mail.text).not.toContain('1234566789');

  // The payouts list holds the florist.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payouts' }).click();
  let row = page.getByRole('row').filter({ hasText: florist.name });
  await expect(row.getByRole('link', { name: 'Awaiting confirmation: held' })).toBeVisible();
  await expect(row.getByRole('checkbox', { name: `Pay ${florist.name}` })).toBeDisabled();
  await expectAccessible(page);

  // The second user confirms, behind a question naming the account.
  const second = await signedInPage(browser, payer.email);
  await second.goto(`/partners/${String(florist.id)}`);
  const theirs = second.getByRole('region', { name: 'Bank details' });
  await theirs.getByRole('button', { name: 'Confirm bank details' }).click();
  const ask = second.getByRole('dialog', { name: 'Confirm bank details' });
  await expect(ask).toContainText('Capitec account 1234566789');
  await expectAccessible(second);
  await ask.getByRole('button', { name: 'Confirm' }).click();
  await expect(ask).toBeHidden();
  await expect(theirs.getByTestId('bank-state')).toHaveText('Confirmed');
  await expect(theirs.getByTestId('bank-state-sentence')).toContainText(`confirmed by ${payer.name}`);
  await second.context().close();

  // Now the admin pays the florist, into the new account.
  await page.reload();
  row = page.getByRole('row').filter({ hasText: florist.name });
  await expect(row).toContainText('Confirmed');
  await page.getByRole('button', { name: 'Choose none' }).click();
  await row.getByRole('checkbox', { name: `Pay ${florist.name}` }).check();
  await page.getByRole('button', { name: 'Record payout' }).click();
  const pay = page.getByRole('dialog', { name: 'Record payout' });
  await pay.getByRole('textbox', { name: /^Bank reference/ }).fill('BL E2E BANK');
  await pay.getByRole('button', { name: 'Record payout' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Payout recorded' });
  await expect(done).toContainText(florist.name);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    done.getByRole('button', { name: 'Download bank file' }).click(),
  ]);
  const csv = plain(readFileSync(await download.path(), 'utf8'));
  expect(csv).toContain(`${florist.accountName},Capitec,470010,1234566789,Cheque,`);
});
