import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  BANK_FILE_COLUMNS,
  createPayoutBody,
  idParams,
  paged,
  pageQuery,
  payoutCreated,
  payoutDetail,
  payoutDue,
  payoutDueRequest,
  payoutRun,
  payoutRunListRequest,
  toRand,
  wholesaleBody,
  wholesalePurchase,
} from '@bloomline/contract';
import { z } from 'zod';

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

  routes.read(
    '/api/payouts',
    {
      summary: 'What each partner is due for bills and deductions up to a day',
      preValidation: canPay,
      querystring: payoutDueRequest,
      data: z.array(payoutDue),
    },
    ({ query }) => payouts.dues(query.upTo),
  );
  routes.create(
    '/api/payouts',
    {
      summary:
        'Pay the partners chosen what is due up to a day: one EFT payment each, bills paid, deductions settled',
      preValidation: canPay,
      body: createPayoutBody,
      data: payoutCreated,
    },
    ({ user, body }) => payouts.create(user, body),
  );
  routes.read(
    '/api/payouts/runs',
    {
      summary: 'The payouts made, newest first, paged',
      preValidation: canPay,
      querystring: payoutRunListRequest,
      answer: paged(payoutRun),
    },
    ({ query, path }) => payouts.runs(query, path),
  );
  routes.read(
    '/api/payouts/:id',
    { summary: 'One payout with its payments', preValidation: canPay, params: idParams, data: payoutDetail },
    ({ params }) => payouts.detail(params.id),
  );
  app.get(
    '/api/payouts/:id/bank-file',
    {
      preValidation: canPay,
      schema: {
        tags: ['payouts'],
        summary: "The bank's bulk-payment CSV of a payout",
        params: idParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { run, rows } = await payouts.bankFileRows(request.params.id);
      return sendCsv(
        reply,
        `payout-${String(run.id)}-${run.paidAt}.csv`,
        csvStream(bankColumns(run.reference), rows),
      );
    },
  );

  routes.read(
    '/api/partners/:id/wholesale',
    {
      summary: "A partner's wholesale purchases, newest first, paged",
      params: idParams,
      querystring: pageQuery,
      answer: paged(wholesalePurchase),
    },
    ({ params, query, path }) => payouts.wholesale(params.id, query, path),
  );
  routes.create(
    '/api/partners/:id/wholesale',
    {
      summary: "Record a partner's wholesale purchase: a deduction on that month's statement",
      params: idParams,
      body: wholesaleBody,
      data: wholesalePurchase,
    },
    ({ user, params, body }) => payouts.addWholesale(user, params.id, body),
  );
};
