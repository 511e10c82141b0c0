import { queryOptions } from '@tanstack/react-query';

import { orderRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { orderKeys } from '@/lib/query-keys';

/** Partners who could take a line: local ones unless `all`, nearest first. */
export const getLineCandidates = (lineId: number, all: boolean, q: string, signal?: AbortSignal) =>
  call(
    orderRoutes.lineCandidates,
    { params: { id: lineId }, query: { all: all ? 1 : undefined, q } },
    { signal },
  ).then((r) => r.data);

export const lineCandidatesQueryOptions = (lineId: number, all: boolean, q: string) =>
  queryOptions({
    queryKey: orderKeys.candidates(lineId, all, q),
    queryFn: ({ signal }) => getLineCandidates(lineId, all, q, signal),
  });
