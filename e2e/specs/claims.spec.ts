import { mkdirSync } from 'node:fs';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { CLAIM_TEXTS, formatMoney } from '@bloomline/contract';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { apiGet, blockMapTiles, expectNoSidewaysScroll, fact, type PageMeta } from '../support/orders';

// Issue 21: staff process a return and a refund end to end, at 1280 and at 375 px. The seed gives each demo
// partner an open return and an unprocessed refund (DECISIONS.md "Demo data"); the journeys of this file run
// one after another in one worker, each taking the first open one it finds, and no other journey processes
// returns or refunds.

/** The florists money-cycle.spec.ts makes for itself: their returns and refunds are that journey's to process. */
const MONEY_CYCLE_FLORISTS = 'Payout Blooms';

/** With CLAIMS_SHOTS_DIR set, each screen is saved there to look at: what the window shows, and the whole page. */
const SHOTS = process.env.CLAIMS_SHOTS_DIR;

type ReturnItem = { id: number; name: string; status: string; order: { id: number; name: string } };
type RefundCard = {
  id: number;
  name: string;
  onPayAmount: number;
  /** What is left to deduct on its lines (issue 46). */
  onPayLeft: number;
  responsible: string | null;
  partners: { partner: { name: string } }[];
};

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.screenshot({ path: `${SHOTS}/${name}-full.png`, fullPage: true });
}

/** The first open return, through the API with the page's cookies. */
async function anOpenReturn(page: Page): Promise<ReturnItem> {
  for (let n = 1; ; n++) {
    const { data, meta } = await apiGet<{ data: ReturnItem[]; meta: PageMeta }>(page, '/api/orders/returns', {
      page: n,
      per_page: 100,
    });
    // Not one the money cycle's journey opens for a florist of its own (money-cycle.spec.ts) and processes itself.
    for (const r of data.filter((x) => x.status === 'open')) {
      const detail = await apiGet<{ data: { lines: { orderLine: { partner: { name: string } | null } }[] } }>(
        page,
        `/api/orders/returns/${String(r.id)}`,
      );
      if (!detail.data.lines.some((l) => l.orderLine.partner?.name.startsWith(MONEY_CYCLE_FLORISTS)))
        return r;
    }
    if (n >= meta.last_page) throw new Error('The seed left no open return.');
  }
}

/** The first unprocessed refund with partners that 12,50 can be deducted from, and the page it is on. */
async function anOpenRefund(page: Page): Promise<{ refund: RefundCard; listPage: number }> {
  for (let n = 1; ; n++) {
    const { data, meta } = await apiGet<{ data: RefundCard[]; meta: PageMeta }>(
      page,
      '/api/v2/orders/refunds',
      {
        page: n,
      },
    );
    const refund = data.find(
      (r) =>
        r.responsible === null &&
        r.partners.length > 0 &&
        r.onPayLeft >= 12.5 &&
        !r.partners.some((p) => p.partner.name.startsWith(MONEY_CYCLE_FLORISTS)),
    );
    if (refund) return { refund, listPage: n };
    if (n >= meta.last_page) throw new Error('The seed left no unprocessed refund to deduct 12,50 from.');
  }
}

async function openFromMenu(page: Page, item: 'Returns' | 'Refunds', phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Orders' }).click();
    await page.getByRole('link', { name: item, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: item, exact: true })).toBeVisible();
}

/** Picks a choice of a Mantine Select by its label. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('dialog').getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const width of [1280, 375]) {
  const phone = width === 375;
  const tag = `${String(width)}px`;

  test.describe(`at ${tag}`, () => {
    test.use(
      phone
        ? { viewport: { width, height: 740 }, isMobile: true, hasTouch: true }
        : { viewport: { width, height: 800 } },
    );

    test('staff process an open return as Partner', async ({ page }) => {
      await blockMapTiles(page);
      await signIn(page, STAFF);
      const item = await anOpenReturn(page);

      await openFromMenu(page, 'Returns', phone);
      await expect(page).toHaveURL(/\/orders\/returns$/);
      await expect(page.getByRole('link', { name: /^View / }).first()).toBeVisible();
      if (!phone) {
        for (const header of ['Name', 'Order', 'Status', 'Line count', 'Responsible', 'Actions'])
          await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `${tag}-returns-list`);

      await page.getByRole('textbox', { name: 'Search returns by return or order name' }).fill(item.name);
      await expect(page).toHaveURL(/[?&]q=/);
      const view = page.getByRole('link', { name: `View ${item.name}`, exact: true });
      await expect(view).toBeVisible();
      await shot(page, `${tag}-returns-search`);
      await view.click();

      await expect(page).toHaveURL(new RegExp(`/orders/returns/${String(item.id)}$`));
      await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Returned lines' })).toBeVisible();
      const facts = page.getByRole('main');
      await expect(fact(facts, 'Status').first()).toHaveText('Open');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `${tag}-return-open`);

      // No choice yet (the placeholder the refund's field has too): refused under the field before anything
      // is sent.
      await page.getByRole('button', { name: 'Process return' }).click();
      const dialog = page.getByRole('dialog', { name: 'Process return' });
      const responsible = dialog.getByRole('textbox', { name: /^Responsible/ });
      await expect(responsible).toHaveValue('');
      await expect(responsible).toHaveAttribute('placeholder', 'Choose who is responsible');
      await dialog.getByRole('button', { name: 'Process return' }).click();
      await expect(dialog.getByText('Responsible is required.')).toBeVisible();
      await expectAccessible(page);
      await shot(page, `${tag}-return-dialog-refused`);

      await choose(page, /^Responsible/, 'Partner');
      await dialog.getByRole('button', { name: 'Process return' }).click();
      await expect(page.getByText('Return processed.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Process return' })).toHaveCount(0);
      await expect(fact(facts, 'Status').first()).toHaveText('Processed');
      await expect(fact(facts, 'Responsible').first()).toHaveText('Partner');
      await expect(fact(facts, 'Processed by').first()).not.toHaveText('—');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `${tag}-return-processed`);
      const saved = await apiGet<{ data: { status: string; responsible: string } }>(
        page,
        `/api/orders/returns/${String(item.id)}`,
      );
      expect(saved.data).toMatchObject({ status: 'processed', responsible: 'Partner' });

      // The order page links the line's return back to this page.
      await page.getByRole('link', { name: item.order.name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Order ${item.order.name}` })).toBeVisible();
      await expect(page.getByRole('link', { name: item.name, exact: true }).first()).toBeVisible();
      await shot(page, `${tag}-order-with-return`);
      await page.getByRole('link', { name: item.name, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`/orders/returns/${String(item.id)}$`));
    });

    test('staff process an unprocessed refund as Partner, typing 12,50', async ({ page }) => {
      await signIn(page, STAFF);
      const { refund, listPage } = await anOpenRefund(page);

      await openFromMenu(page, 'Refunds', phone);
      await expect(page).toHaveURL(/\/orders\/refunds$/);
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `${tag}-refunds-list`);
      if (listPage > 1) {
        await page.goto(`/orders/refunds?page=${String(listPage)}`);
        // The pager's own button, by its exact number: '2' alone would also match '12' on a longer demo.
        const pager = page.getByRole('navigation', { name: 'Pagination' });
        await expect(pager.getByRole('button', { name: String(listPage), exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
      }
      const card = page.getByRole('article', { name: refund.name, exact: true });
      await expect(card).toBeVisible();
      await expect(fact(card, 'Responsible').first()).toHaveText('Not processed');
      await card.getByRole('link', { name: `View ${refund.name}`, exact: true }).click();

      await expect(page).toHaveURL(new RegExp(`/orders/refunds/${String(refund.id)}$`));
      await expect(page.getByRole('heading', { level: 1, name: refund.name })).toBeVisible();
      const facts = page.getByRole('main');
      await expect(fact(facts, 'Deduction').first()).toHaveText('—');
      await expect(
        page.getByRole('list', { name: 'Refunded line items' }).getByRole('img').first(),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back', exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `${tag}-refund-open`);

      // Above what is left to deduct on its lines: refused under the field in the server's words, nothing sent.
      await page.getByRole('button', { name: 'Process refund' }).click();
      const dialog = page.getByRole('dialog', { name: 'Process refund' });
      await choose(page, /^Responsible/, 'Partner');
      const amount = dialog.getByRole('textbox', { name: /^Deduction/ });
      await amount.fill(String(refund.onPayLeft + 1).replace('.', ','));
      await dialog.getByRole('button', { name: 'Process refund' }).click();
      await expect(
        dialog.getByText(CLAIM_TEXTS.deductionAboveLeft(formatMoney(refund.onPayLeft))),
      ).toBeVisible();
      await expectAccessible(page);
      await shot(page, `${tag}-refund-dialog-refused`);

      await amount.fill('12,50');
      await dialog.getByRole('button', { name: 'Process refund' }).click();
      await expect(page.getByText('Refund processed.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Process refund' })).toHaveCount(0);
      await expect(fact(facts, 'Responsible').first()).toHaveText('Partner');
      await expect(fact(facts, 'Deduction').first()).toHaveText('R 12,50');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `${tag}-refund-processed`);
      const saved = await apiGet<{ data: { onPay: number; partners: { refundDeduction: number }[] } }>(
        page,
        `/api/orders/refunds/${String(refund.id)}`,
      );
      expect(saved.data.onPay).toBe(12.5);
      expect(saved.data.partners.reduce((sum, p) => sum + p.refundDeduction, 0)).toBeCloseTo(12.5, 2);

      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL(/\/orders\/refunds$/);
    });
  });
}

test('a partner has no Returns or Refunds entry and is turned away from both', async ({ page }) => {
  await signIn(page, FLORIST);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Orders' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delivered', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Returns', exact: true })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Refunds', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  for (const path of ['/orders/returns', '/orders/refunds/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  const statuses = await page.evaluate(async () =>
    Promise.all(
      ['/api/orders/returns', '/api/v2/orders/refunds'].map(async (url) => (await fetch(url)).status),
    ),
  );
  expect(statuses).toEqual([403, 403]);
});
