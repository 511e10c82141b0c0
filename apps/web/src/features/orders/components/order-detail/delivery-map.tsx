import 'leaflet/dist/leaflet.css';

import { Box, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';

import { appConfigQuery } from '@/lib/app-config';

/** Part 1, point 9: the delivery point is shown at zoom 15. */
export const DELIVERY_MAP_ZOOM = 15;
const HEIGHT = 260;

const attributionFor = (url: string) =>
  url.includes('openstreetmap.org')
    ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
    : undefined;

/** The delivery point on a tile map. A circle marks it, so no marker images need serving. */
export function DeliveryMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const config = useQuery(appConfigQuery);
  if (config.isPending) return <Skeleton h={HEIGHT} />;
  if (!config.data) return <Text size="sm">The map could not be loaded.</Text>;
  const tileUrl = config.data.mapTileUrl;
  return (
    <Box
      role="region"
      aria-label="Map of the delivery point"
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', isolation: 'isolate' }}
    >
      <MapContainer
        center={[latitude, longitude]}
        zoom={DELIVERY_MAP_ZOOM}
        scrollWheelZoom={false}
        style={{ height: HEIGHT, width: '100%' }}
      >
        <TileLayer url={tileUrl} attribution={attributionFor(tileUrl)} />
        <CircleMarker
          center={[latitude, longitude]}
          radius={10}
          pathOptions={{ color: '#5f3dc4', weight: 3, fillColor: '#9c36b5', fillOpacity: 0.5 }}
        />
      </MapContainer>
    </Box>
  );
}
