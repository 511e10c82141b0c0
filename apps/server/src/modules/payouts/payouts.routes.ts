import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { BANK_FILE_COLUMNS, closedMonthRoutes, payoutRoutes, toRand } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { type CsvColumn, csvStream, sendCsv } from '../../lib/csv';
import { guardModule, requirePermission, requireStaff } from '../../plugins/session';
import type { PayoutsService } from './payouts.service';

type BankRow = Awaited<ReturnType<PayoutsService['bankFileRows']>>['rows'][number];

/** The bank's bulk-payment file: a row per payment, the payout's reference on each. */
const bankColumns = (reference: string): CsvColumn<BankRow>[] => {
  const [name, bank, branch, account, type, amount, ref] = BANK_FILE_COLUMNS;
  return [
    { header: name, value: (r) => r.accountName },
    { header: bank, value: (r) => r.bankName },
    { header: branch, value: (r) => r.branchCode },
    { header: account, value: (r) => r.accountNumber },
    { header: type, value: (r) => r.accountType },
    // Money cells always carry two decimals (DECISIONS.md "Reporting").
    { header: amount, money: true, value: (r) => toRand(r.amountCents) },
    { header: ref, value: () => reference },
  ];
};

/**
 * Payouts (staff with managePayouts) and wholesale purchases (staff), DECISIONS.md "The money cycle on real
 * orders". Partner users get 403 on every call.
 */
export const payoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  guardModule(app, requireStaff);
  const canPay = requirePermission('managePayouts');
  const routes = await areaRoutes(app, { tags: ['payouts'] });

  routes.serve(
    payoutRoutes.dues,
    { summary: 'What each partner is due for bills and deductions up to a day', preValidation: canPay },
    async ({ query }) => ({ data: await payouts.dues(query.upTo) }),
  );
  routes.serve(
    payoutRoutes.create,
    {
      summary:
        'Pay the partners chosen what is due up to a day: one EFT payment each, bills paid, deductions settled',
      preValidation: canPay,
      created: true,
    },
    async ({ user, body }) => ({ data: await payouts.create(user, body) }),
  );
  routes.serve(
    payoutRoutes.runs,
    { summary: 'The payouts made, newest first, paged', preValidation: canPay },
    ({ query, path }) => payouts.runs(query, path),
  );
  routes.serve(
    payoutRoutes.get,
    { summary: 'One payout with its payments', preValidation: canPay },
    async ({ params }) => ({ data: await payouts.detail(params.id) }),
  );
  routes.serveOwn(
    payoutRoutes.bankFile,
    { summary: "The bank's bulk-payment CSV of a payout", preValidation: canPay, produces: ['text/csv'] },
    async ({ params, reply }) => {
      const { run, rows } = await payouts.bankFileRows(params.id);
      return sendCsv(
        reply,
        `payout-${String(run.id)}-${run.paidAt}.csv`,
        csvStream(bankColumns(run.reference), rows),
      );
    },
  );

  routes.serve(
    closedMonthRoutes.get,
    { summary: 'The first open month: nothing new is dated before it (closed months never change)' },
    async () => ({ data: await payouts.closedMonths() }),
  );
  routes.serve(
    payoutRoutes.wholesale,
    { summary: "A partner's wholesale purchases, newest first, paged" },
    ({ params, query, path }) => payouts.wholesale(params.id, query, path),
  );
  routes.serve(
    payoutRoutes.addWholesale,
    {
      summary: "Record a partner's wholesale purchase: a deduction on that month's statement",
      created: true,
    },
    async ({ user, params, body }) => ({ data: await payouts.addWholesale(user, params.id, body) }),
  );
};
