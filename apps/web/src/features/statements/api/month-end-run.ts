import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { MonthEndRun } from '@bloomline/contract';
import { monthEndRunRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { statementKeys } from '@/lib/query-keys';

/** How often a running month-end run's progress is asked for. */
export const MONTH_END_POLL_MS = 2_000;

/** A run is going while some partner is still queued or being sent. */
export const isRunning = (run: MonthEndRun | undefined) => (run?.toGo ?? 0) > 0;

/** GET /api/reporting/statements/month-end: the previous month's run, from the server's jobs. */
export const getMonthEndRun = (signal?: AbortSignal) =>
  call(monthEndRunRoutes.progress, {}, { signal }).then((r) => r.data);

/** The run's progress, asked again every 2 s while it runs (so a reload finds it where it is). */
export const useMonthEndRun = () =>
  useQuery({
    queryKey: statementKeys.monthEnd(),
    queryFn: ({ signal }) => getMonthEndRun(signal),
    refetchInterval: (query) => (isRunning(query.state.data) ? MONTH_END_POLL_MS : false),
  });

/** POST /api/reporting/statements/month-end: queue the previous month's e-mails (once per partner). */
export function useStartMonthEndRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(monthEndRunRoutes.start, { body: {} }).then((r) => r.data),
    onSuccess: (run) => queryClient.setQueryData(statementKeys.monthEnd(), run),
  });
}
