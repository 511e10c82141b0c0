import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { StatementPartnerQuery } from '@bloomline/contract';
import { statementRoutes } from '@bloomline/contract';

import { call, pathOf } from '@/api/call';
import { statementKeys, type StatementOwner, type StatementParams } from '@/lib/query-keys';

/** `partner_id` for staff; a partner user names nobody (the server reads their own partner). */
export const ownerQuery = ({ partnerId }: StatementOwner): StatementPartnerQuery =>
  partnerId === null ? {} : { partner_id: partnerId };

/** GET /api/reporting/statements/months: the latest 12 months, newest first, with orders received and sent. */
export const getStatementMonths = (owner: StatementOwner, signal?: AbortSignal) =>
  call(statementRoutes.months, { query: ownerQuery(owner) }, { signal }).then((r) => r.data);

export const useStatementMonths = (owner: StatementOwner, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: statementKeys.months(owner),
      queryFn: ({ signal }) => getStatementMonths(owner, signal),
      enabled,
    }),
  );

/** GET /api/reporting/statements: a month's entries in the chosen order and its five figures. */
export const getStatement = ({ month, s, d, ...owner }: StatementParams, signal?: AbortSignal) =>
  call(statementRoutes.statement, { query: { month, s, d, ...ownerQuery(owner) } }, { signal });

/** A new sort keeps the entries on screen until the reordered ones arrive. */
export const useStatement = (params: StatementParams, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: statementKeys.list(params),
      queryFn: ({ signal }) => getStatement(params, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );

/** GET /api/reporting/statements/orders: the month's billed orders and their Total on pay (feature off). */
export const getStatementOrders = (
  { month, ...owner }: StatementOwner & { month: string },
  signal?: AbortSignal,
) => call(statementRoutes.orders, { query: { month, ...ownerQuery(owner) } }, { signal });

export const useStatementOrders = (params: StatementOwner & { month: string }, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: statementKeys.orders(params),
      queryFn: ({ signal }) => getStatementOrders(params, signal),
      enabled,
    }),
  );

/** The address of a month's PDF, the detail or the summary (GET /api/reporting/statements/{Y-MM}/<kind>). */
export const statementPdfPath = (month: string, kind: 'detail' | 'summary') =>
  pathOf(statementRoutes.pdf[kind], { month });
