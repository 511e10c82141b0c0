import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { monthEndRunRoutes, statementRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { sendDownload } from '../../lib/download';
import { guardModule, requirePermission, requireStaff, requireUser } from '../../plugins/session';
import type { StatementRun } from './statement-run.service';
import type { PdfKind } from './statements.pdf';
import type { StatementsService } from './statements.service';

/**
 * A partner user reads their own statement with the partnerStatements permission (403 without it); staff
 * read any partner's (`partner_id`), which the permission (a partner user's only) does not concern.
 */
const canReadStatements = requirePermission('partnerStatements', {
  when: (request) => !request.user?.isStaff,
});

/** What each PDF holds (the document's summary). */
const PDF_SUMMARIES: Record<PdfKind, string> = {
  detail: "The month's detailed statement as a PDF: the figures and every entry",
  summary: "The month's summary statement as a PDF: the figures and a count per entry type",
};

/**
 * Monthly partner statements (DECISIONS.md "Statements") and the staff's month-end e-mail run. Each route is
 * the contract's declaration (`statementRoutes`, `monthEndRunRoutes`).
 */
export const statementsRoutes: FastifyPluginAsyncZod<{
  statements: StatementsService;
  run: StatementRun;
}> = async (app, { statements, run }) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags: ['statements'] });

  routes.serve(
    statementRoutes.statement,
    {
      summary:
        "A partner's month: its entries in the chosen order and the five figures (staff name partner_id)",
      preValidation: canReadStatements,
    },
    ({ viewer, query }) => statements.statement(viewer, query),
  );

  routes.serve(
    statementRoutes.currentBalance,
    {
      summary: "The partner's current balance: every unpaid bill less every deduction (rand)",
      preValidation: canReadStatements,
    },
    async ({ viewer, query }) => ({ data: await statements.currentBalance(viewer, query.partner_id) }),
  );

  routes.serve(
    statementRoutes.months,
    {
      summary: 'The latest 12 months, newest first, with the orders received and sent (in-store) in each',
      preValidation: canReadStatements,
    },
    async ({ viewer, query }) => ({ data: await statements.months(viewer, query.partner_id) }),
  );

  routes.serve(
    statementRoutes.orders,
    {
      summary:
        "The month's orders with their Total on pay (the orders page when the statements feature is off)",
      preValidation: canReadStatements,
    },
    ({ viewer, query }) => statements.orders(viewer, query),
  );

  for (const kind of ['detail', 'summary'] as const satisfies readonly PdfKind[]) {
    routes.serveOwn(
      statementRoutes.pdf[kind],
      { summary: PDF_SUMMARIES[kind], preValidation: canReadStatements, produces: ['application/pdf'] },
      async ({ viewer, params, query, reply }) =>
        sendDownload(reply, await statements.pdf(viewer, kind, { month: params.month, ...query })),
    );
  }

  routes.serve(
    monthEndRunRoutes.progress,
    {
      summary:
        'The month-end run of a month (the previous one by default): sent, failed, to go and who failed',
      preValidation: requireStaff,
    },
    async ({ query }) => ({ data: await run.progress(query.month ?? run.defaultMonth()) }),
  );

  routes.serve(
    monthEndRunRoutes.start,
    {
      summary:
        'Start the month-end run: every partner with a statements user is e-mailed the month’s summary PDF, once',
      preValidation: requireStaff,
      status: 202,
    },
    async ({ user, body }) => ({ data: await run.start(user.id, body.month ?? run.defaultMonth()) }),
  );
};
