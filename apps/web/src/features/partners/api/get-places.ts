import { useQuery } from '@tanstack/react-query';

import type { PlaceItem } from '@bloomline/contract';

import { api } from '@/api/client';

export type PlaceLevel = 'provinces' | 'cities' | 'suburbs';

/** Which query parameter narrows each level to its parent. */
const PARENT_PARAM: Record<PlaceLevel, string | null> = {
  provinces: null,
  cities: 'province',
  suburbs: 'city',
};

/** GET /api/provinces, /api/cities?province=, /api/suburbs?city=: the address pickers (any signed-in user). */
export const getPlaces = (level: PlaceLevel, parentId: number | null, signal?: AbortSignal) => {
  const param = PARENT_PARAM[level];
  return api
    .get<{ data: PlaceItem[] }>(`/api/${level}`, {
      query: param && parentId !== null ? { [param]: parentId } : undefined,
      signal,
    })
    .then((r) => r.data);
};

/** A level's places; a city or suburb list waits for its parent. Geography changes seldom: kept 10 minutes. */
export const usePlaces = (level: PlaceLevel, parentId: number | null) =>
  useQuery({
    queryKey: ['places', level, parentId],
    queryFn: ({ signal }) => getPlaces(level, parentId, signal),
    enabled: PARENT_PARAM[level] === null || parentId !== null,
    staleTime: 10 * 60_000,
  });
