import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

import type { PartnerListItem } from '@bloomline/contract';

// Leaflet loads only when the map shows.
const AreasMap = lazy(async () => ({ default: (await import('@/ui/areas-map')).AreasMap }));

/** The partners map opens on the whole country (part 2, point 9). */
export const PARTNERS_MAP_VIEW = { center: [-28.5, 22.93] as [number, number], zoom: 5 };

const HEIGHT = 340;

/** A pin and a delivery-radius circle per partner with a position; disabled partners in grey. */
export function PartnersMap({ partners }: { partners: readonly PartnerListItem[] }) {
  const areas = partners.flatMap((p) =>
    p.latitude === null || p.longitude === null
      ? []
      : [
          {
            id: p.id,
            latitude: p.latitude,
            longitude: p.longitude,
            radiusKm: p.radius,
            label: p.enabled ? p.name : `${p.name} (disabled)`,
            muted: !p.enabled,
          },
        ],
  );
  return (
    <Suspense fallback={<Skeleton h={HEIGHT} />}>
      <AreasMap
        areas={areas}
        label="Map of the partners and their delivery areas"
        center={PARTNERS_MAP_VIEW.center}
        zoom={PARTNERS_MAP_VIEW.zoom}
        height={HEIGHT}
      />
    </Suspense>
  );
}
