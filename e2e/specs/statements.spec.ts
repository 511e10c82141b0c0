import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import {
  currentMonth,
  formatMoney,
  monthName,
  ON_PAY_INCL,
  previousMonth,
  STATEMENT_FIGURES,
} from '@bloomline/contract';

import { E2E_DATA_DIR } from '../playwright.config';
import { expectAccessible, FLORIST, FLORIST2, signIn, STAFF } from '../support/helpers';
import { apiGet, apiPost, expectNoSidewaysScroll, KLOOF } from '../support/orders';

// Issue 22: a florist reads a year of statements on a phone and finds the same figures in both PDFs; staff
// read a partner's statement from its page and send every partner last month's statement, once.

/** With STATEMENT_SHOTS_DIR set, screenshots and a rendered PDF page are written there, to look at. */
const SHOTS = process.env.STATEMENT_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const LAST_MONTH = previousMonth(currentMonth());
const LAST_MONTH_NAME = monthName(LAST_MONTH);
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } as const;

async function shot(page: Page, name: string, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** Words as pdftotext and the screen give them, spaces of any kind made one. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An amount as shown ('-R 1 234,56') as a number. */
const amountOf = (text: string) => Number(text.replace(/[R\s]/g, '').replace(',', '.'));

/** The five figures on the screen, by label, as shown. */
async function screenFigures(page: Page): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  for (const figure of STATEMENT_FIGURES) {
    const group = page.getByRole('group', { name: figure.label, exact: true });
    await expect(group).toContainText(/R\s?[\d\s]*\d,\d{2}/);
    const text = plain((await group.textContent()) ?? '');
    figures[figure.label] = /(-?R [\d ]+,\d{2})$/.exec(text)?.[1] ?? `no amount in "${text}"`;
  }
  return figures;
}

/** Downloads a PDF by its button; answers its file name and text (pdftotext), and renders page 1 when asked. */
async function downloadPdf(page: Page, button: Locator, render?: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await download.path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  if (SHOTS && render) {
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, path.join(SHOTS, render)]);
  }
  return { name: download.suggestedFilename(), text: plain(text) };
}

test.describe('the florist on a phone', () => {
  test.use(PHONE);

  test('reads a year of statements, last month in detail, and finds its figures in both PDFs', async ({
    page,
  }) => {
    await signIn(page, FLORIST);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Statements' }).click();
    await expect(page).toHaveURL(/\/statements$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Monthly Statements' })).toBeVisible();
    await expect(page.getByText(/Orders received shows only/)).toBeVisible();
    // Twelve months from this one back, as cards on a phone.
    const months = page.getByRole('list', { name: 'Monthly statements' }).getByRole('listitem');
    await expect(months).toHaveCount(12);
    await expect(months.first()).toContainText(monthName(currentMonth()));
    await expect(months.nth(1)).toContainText(LAST_MONTH_NAME);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, 'phone-statements');

    // Both PDFs of last month, from the list.
    const detail = await downloadPdf(
      page,
      page.getByRole('button', { name: `Detailed PDF of ${LAST_MONTH_NAME}` }),
      'detail-pdf',
    );
    expect(detail.name).toMatch(new RegExp(`^statement-[a-z0-9-]+-${LAST_MONTH}-detail\\.pdf$`));
    const summary = await downloadPdf(
      page,
      page.getByRole('button', { name: `Summary PDF of ${LAST_MONTH_NAME}` }),
      'summary-pdf',
    );
    expect(summary.name).toMatch(new RegExp(`^statement-[a-z0-9-]+-${LAST_MONTH}-summary\\.pdf$`));

    // Last month on the screen.
    await page.getByRole('link', { name: `View ${LAST_MONTH_NAME}` }).click();
    await expect(page).toHaveURL(new RegExp(`/statements/${LAST_MONTH}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Statement for ${LAST_MONTH_NAME}` }),
    ).toBeVisible();
    const figures = await screenFigures(page);
    const entries = page.getByRole('list', { name: 'Entries' }).getByRole('listitem');
    await expect(entries.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, 'phone-statement');

    // The same five figures in both PDFs, with the partner's name and the month.
    for (const pdf of [detail, summary]) {
      expect(pdf.text).toContain(KLOOF);
      expect(pdf.text).toContain(LAST_MONTH_NAME);
      for (const [label, amount] of Object.entries(figures)) {
        expect(pdf.text, `${label} in ${pdf.name}`).toContain(`${label} ${amount}`);
      }
    }

    // A figure explains itself on a tap (a phone has no hover).
    await page.getByRole('group', { name: 'Total on pay', exact: true }).tap();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expect(page.getByRole('tooltip')).toHaveCSS('opacity', '1');
    await expect(page.getByRole('tooltip')).toHaveText(STATEMENT_FIGURES[2].hint);
    await shot(page, 'phone-figure-hint', false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toBeHidden();

    // Sorted by Payment amount, largest first: the address keeps the sort.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Payment amount' });
    await expect(page).toHaveURL(/s=payment&d=desc/);
    const amounts = () => page.locator('[data-amount]').allTextContents();
    await expect
      .poll(async () => {
        const shown = (await amounts()).map(amountOf);
        return shown.length > 1 && shown.every((amount, i) => i === 0 || (shown[i - 1] ?? 0) >= amount);
      }, 'the amounts, largest first')
      .toBe(true);

    // An order's on pay, worked out.
    await page
      .getByRole('button', { name: /^On pay calculation of / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^On pay of / });
    await expect(dialog).toContainText(ON_PAY_INCL);
    await expectAccessible(page);
    await shot(page, 'phone-onpay', false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Download Statement: the detailed PDF in the screen's order.
    const sorted = await downloadPdf(page, page.getByRole('button', { name: 'Download Statement' }));
    expect(sorted.name).toBe(detail.name);
    expect(sorted.text).toContain(`Total paid ${figures['Total paid'] ?? ''}`);
  });
});

test('a partner user without statements has no Statements entry and sees none', async ({ page }) => {
  await signIn(page, FLORIST2);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Statements' })).toHaveCount(0);
  await page.goto('/statements');
  await expect(page.getByText('Statements are not available to you.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.goto(`/statements/${LAST_MONTH}`);
  await expect(page.getByText('Statements are not available to you.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Current balance' })).toHaveCount(0);
  await expectAccessible(page);
});

test('staff read a partner’s statement from the partner’s page', async ({ page }) => {
  await signIn(page, STAFF);
  await page.goto('/partners?q=Kloof');
  await page.getByRole('link', { name: `Edit ${KLOOF}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit partner' })).toBeVisible();
  await page.getByRole('link', { name: 'Statements' }).click();
  await expect(page).toHaveURL(/\/statements\?partner=\d+$/);
  const partnerId = Number(new URL(page.url()).searchParams.get('partner'));
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Statements' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(KLOOF);
  await expect(page.getByRole('row')).toHaveCount(13);
  await expectAccessible(page);
  await shot(page, 'staff-statements');

  await page.getByRole('link', { name: `View ${LAST_MONTH_NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`/statements/${LAST_MONTH}\\?partner=${String(partnerId)}$`));
  const figures = await screenFigures(page);
  // The partner's own figures, as the partner's call gives them.
  const answer = await apiGet<{ meta: { totals: Record<string, number> } }>(
    page,
    '/api/reporting/statements',
    {
      month: LAST_MONTH,
      partner_id: partnerId,
    },
  );
  for (const figure of STATEMENT_FIGURES) {
    expect(figures[figure.label]).toBe(formatMoney(answer.meta.totals[figure.key]));
  }
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Delivery date' });
  await page.getByRole('combobox', { name: 'Direction' }).selectOption({ label: 'Ascending' });
  await expect(page).toHaveURL(/s=date&d=asc/);
  await expect(page).toHaveURL(new RegExp(`partner=${String(partnerId)}`));
  await expectAccessible(page);
  await shot(page, 'staff-statement');
});

test('with the statements feature off, the simple table leads to the month’s orders and Total on pay', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, STAFF);
  const setFeature = async (on: boolean) => {
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await page.request.put('/api/settings/statements', {
      headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      data: { statements: on },
    });
    expect(response.status()).toBe(200);
  };
  await setFeature(false);
  try {
    const { baseURL, timezoneId, locale } = testInfo.project.use;
    const context = await browser.newContext({ baseURL, timezoneId, locale });
    const florist = await context.newPage();
    await signIn(florist, FLORIST);
    await florist.goto('/statements');
    await expect(florist.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
    await expect(florist.getByRole('columnheader')).toHaveText([
      'Statement period',
      'Orders Sent',
      'Actions',
    ]);
    await florist.getByRole('link', { name: `View orders ${LAST_MONTH_NAME}` }).click();
    await expect(florist).toHaveURL(new RegExp(`/statements/${LAST_MONTH}/orders$`));
    await expect(florist.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const answer = await apiGet<{ meta: { totalOnPay: number } }>(
      florist,
      '/api/reporting/statements/orders',
      {
        month: LAST_MONTH,
      },
    );
    await expect(florist.locator('[data-total]')).toHaveText(formatMoney(answer.meta.totalOnPay));
    await expectAccessible(florist);
    await shot(florist, 'feature-off-orders');
    // The month's statement address leads to its orders too.
    await florist.goto(`/statements/${LAST_MONTH}`);
    await expect(florist).toHaveURL(new RegExp(`/statements/${LAST_MONTH}/orders$`));
    await context.close();
  } finally {
    await setFeature(true);
  }
});

type OutboxMail = {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; file: string }[];
};

/** The statement mails of a month in the server's outbox. */
function statementMails(month: string): OutboxMail[] {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  let files: string[] = [];
  try {
    // Messages only: their attachments are files beside them.
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail)
    .filter((mail) => mail.subject === `Your Bloomline statement for ${monthName(month)}`);
}

test('staff send every partner last month’s statement once, watching the progress', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, STAFF);
  await page.goto('/partners');
  await page.getByRole('link', { name: 'Month-end statements' }).click();
  await expect(page).toHaveURL(/\/statements\/month-end$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Month-end statements' })).toBeVisible();
  await expect(
    page.getByText(
      `the summary PDF of their statement for ${LAST_MONTH_NAME}, with a link to the statement.`,
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'month-end-before');

  await page.getByRole('button', { name: 'Send last month’s statements' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send last month’s statements' });
  await expect(dialog).toContainText(LAST_MONTH_NAME);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  // The progress is the server's: a reload finds the run where it is.
  await page.reload();
  const state = page.getByRole('status').filter({ hasText: /^(Sending|Done)/ });
  await expect(state).toBeVisible();
  await shot(page, 'month-end-running');
  await expect(state).toHaveText(/^Done/, { timeout: 180_000 });
  await expect(page.locator('[data-part="toGo"]')).toHaveText('To go: 0');
  await expectAccessible(page);
  await shot(page, 'month-end-done');

  // Every partner in the run once, each mail with the summary PDF; the demo florist among them.
  const run = await apiGet<{ data: { total: number; sent: number; failed: number } }>(
    page,
    '/api/reporting/statements/month-end',
  );
  expect(run.data.total).toBeGreaterThan(0);
  // Every demo partner in the run has an address: every statement went.
  expect(run.data).toMatchObject({ sent: run.data.total, failed: 0 });
  const mails = statementMails(LAST_MONTH);
  expect(mails).toHaveLength(run.data.sent);
  expect(new Set(mails.map((m) => m.to)).size).toBe(mails.length);
  expect(mails.some((m) => m.to.includes(FLORIST))).toBe(true);
  for (const mail of mails) {
    expect(mail.attachments?.[0]?.filename).toMatch(/-summary\.pdf$/);
    // The outbox keeps what was sent: the PDF opens from the file beside the message.
    const pdf = readFileSync(path.join(E2E_DATA_DIR, 'outbox', mail.attachments![0]!.file));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The e-mail links to the month's statement.
    expect(mail.text).toContain(`/statements/${LAST_MONTH}`);
  }
  await expect(page.locator('[data-part="sent"]')).toHaveText(`Sent: ${String(run.data.sent)}`);

  // The page shows its work: the demo florist's statement went to the florist's address.
  const florist = page.getByRole('row').filter({ hasText: FLORIST });
  await expect(florist).toContainText('Sent');
  // Every statement of the month is sent: nothing left to press.
  await expect(page.getByRole('button', { name: 'Every statement is sent' })).toBeDisabled();
  // Started again anyway (the API, or the schedule on the 1st): nobody gets a second mail. (A partner that has
  // gained a statements user meanwhile, as the users' journey beside this one gives one, rightly gets its first.)
  expect(await apiPost(page, '/api/reporting/statements/month-end', {})).toBe(202);
  await page.waitForTimeout(3_000);
  const after = statementMails(LAST_MONTH);
  expect(new Set(after.map((m) => m.to)).size, 'a second statement mail to one address').toBe(after.length);
  const pdfOf = (m: OutboxMail) => m.attachments?.[0]?.file;
  expect(after.map(pdfOf)).toEqual(expect.arrayContaining(mails.map(pdfOf)));

  // The same on a phone, after a reload: the run as the server has it.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(state).toHaveText(/^Done/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'month-end-phone');
});
