import { useQuery } from '@tanstack/react-query';

import { locationRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { placeKeys } from '@/lib/query-keys';

export type PlaceLevel = 'provinces' | 'cities' | 'suburbs';

/** Each level's read, narrowed to its parent (a province's cities, a city's suburbs) where one is given. */
const READ_LEVEL = {
  provinces: (_parent: number | undefined, signal?: AbortSignal) =>
    call(locationRoutes.provinces, {}, { signal }),
  cities: (province: number | undefined, signal?: AbortSignal) =>
    call(locationRoutes.cities, { query: { province } }, { signal }),
  suburbs: (city: number | undefined, signal?: AbortSignal) =>
    call(locationRoutes.suburbs, { query: { city } }, { signal }),
} satisfies Record<PlaceLevel, unknown>;

/** GET /api/provinces, /api/cities?province=, /api/suburbs?city=: the address pickers (any signed-in user). */
export const getPlaces = (level: PlaceLevel, parentId: number | null, signal?: AbortSignal) =>
  READ_LEVEL[level](parentId ?? undefined, signal).then((r) => r.data);

/** A level's places; a city or suburb list waits for its parent. Geography changes seldom: kept 10 minutes. */
export const usePlaces = (level: PlaceLevel, parentId: number | null) =>
  useQuery({
    queryKey: placeKeys(level, parentId),
    queryFn: ({ signal }) => getPlaces(level, parentId, signal),
    enabled: level === 'provinces' || parentId !== null,
    staleTime: 10 * 60_000,
  });
