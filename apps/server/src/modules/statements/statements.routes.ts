import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  monthEndRun,
  monthEndRunBody,
  monthEndRunQuery,
  statementAnswer,
  statementMonth,
  statementMonthParams,
  statementOrdersAnswer,
  statementOrdersRequest,
  statementPartnerQuery,
  statementPdfQuery,
  statementRequest,
} from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { sendDownload } from '../../lib/download';
import { viewerOf } from '../../lib/viewer';
import {
  currentUser,
  guardModule,
  requirePermission,
  requireStaff,
  requireUser,
} from '../../plugins/session';
import type { StatementRun } from './statement-run.service';
import type { PdfKind } from './statements.pdf';
import type { StatementsService } from './statements.service';

const tags = ['statements'];

/**
 * A partner user reads their own statement with the partnerStatements permission (403 without it); staff
 * read any partner's (`partner_id`), which the permission (a partner user's only) does not concern.
 */
const canReadStatements = requirePermission('partnerStatements', {
  when: (request) => !request.user?.isStaff,
});

/** Monthly partner statements (DECISIONS.md "Statements") and the staff's month-end e-mail run. */
export const statementsRoutes: FastifyPluginAsyncZod<{
  statements: StatementsService;
  run: StatementRun;
}> = async (app, { statements, run }) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags });

  routes.read(
    '/api/reporting/statements',
    {
      preValidation: canReadStatements,
      summary:
        "A partner's month: its entries in the chosen order and the five figures (staff name partner_id)",
      querystring: statementRequest,
      answer: statementAnswer,
    },
    ({ user, query }) => statements.statement(viewerOf(user), query),
  );

  routes.read(
    '/api/reporting/current-balance',
    {
      preValidation: canReadStatements,
      summary: "The partner's current balance: every unpaid bill less every deduction (rand)",
      querystring: statementPartnerQuery,
      data: z.number(),
    },
    ({ user, query }) => statements.currentBalance(viewerOf(user), query.partner_id),
  );

  routes.read(
    '/api/reporting/statements/months',
    {
      preValidation: canReadStatements,
      summary: 'The latest 12 months, newest first, with the orders received and sent (in-store) in each',
      querystring: statementPartnerQuery,
      data: z.array(statementMonth),
    },
    ({ user, query }) => statements.months(viewerOf(user), query.partner_id),
  );

  routes.read(
    '/api/reporting/statements/orders',
    {
      preValidation: canReadStatements,
      summary:
        "The month's orders with their Total on pay (the orders page when the statements feature is off)",
      querystring: statementOrdersRequest,
      answer: statementOrdersAnswer,
    },
    ({ user, query }) => statements.orders(viewerOf(user), query),
  );

  for (const kind of ['detail', 'summary'] as const satisfies readonly PdfKind[]) {
    app.get(
      `/api/reporting/statements/:month/${kind}`,
      {
        preValidation: canReadStatements,
        schema: {
          tags,
          summary:
            kind === 'detail'
              ? "The month's detailed statement as a PDF: the figures and every entry"
              : "The month's summary statement as a PDF: the figures and a count per entry type",
          params: statementMonthParams,
          querystring: statementPdfQuery,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) =>
        sendDownload(
          reply,
          await statements.pdf(viewerOf(currentUser(request)), kind, {
            month: request.params.month,
            ...request.query,
          }),
        ),
    );
  }

  routes.read(
    '/api/reporting/statements/month-end',
    {
      preValidation: requireStaff,
      summary:
        'The month-end run of a month (the previous one by default): sent, failed, to go and who failed',
      querystring: monthEndRunQuery,
      data: monthEndRun,
    },
    ({ query }) => run.progress(query.month ?? run.defaultMonth()),
  );

  app.post(
    '/api/reporting/statements/month-end',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary:
          'Start the month-end run: every partner with a statements user is e-mailed the month’s summary PDF, once',
        body: monthEndRunBody,
        response: { 202: z.object({ data: monthEndRun }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await run.start(user.id, request.body.month ?? run.defaultMonth());
      return reply.code(202).send({ data });
    },
  );
};
