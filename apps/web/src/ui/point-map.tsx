import 'leaflet/dist/leaflet.css';

import { Box, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';

import { appConfigQuery } from '@/lib/app-config';

export type MapPoint = { latitude: number; longitude: number };

/** Where a map without a point opens: all of South Africa. */
export const COUNTRY_VIEW = { center: [-28.8, 24.7] as [number, number], zoom: 5 };

const attributionFor = (url: string) =>
  url.includes('openstreetmap.org')
    ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
    : undefined;

/** A click on the map places the point, to six decimals (about 10 cm). */
function PickOnClick({ onPick }: { onPick: (point: MapPoint) => void }) {
  useMapEvents({
    click: (event) =>
      onPick({
        latitude: Number(event.latlng.lat.toFixed(6)),
        longitude: Number(event.latlng.lng.toFixed(6)),
      }),
  });
  return null;
}

/** Keeps a point typed in elsewhere in view. */
function FollowPoint({ point }: { point: MapPoint | null }) {
  const map = useMap();
  useEffect(() => {
    if (point && !map.getBounds().contains([point.latitude, point.longitude])) {
      map.panTo([point.latitude, point.longitude]);
    }
  }, [map, point]);
  return null;
}

export type PointMapProps = {
  point: MapPoint | null;
  /** Accessible name of the map's region. */
  label: string;
  zoom?: number;
  height?: number;
  /** Makes the map a picker: a click places the point. */
  onPick?: (point: MapPoint) => void;
};

/** A point on a tile map (a circle marks it, so no marker images need serving); optionally a picker. */
export function PointMap({ point, label, zoom = 15, height = 260, onPick }: PointMapProps) {
  const config = useQuery(appConfigQuery);
  if (config.isPending) return <Skeleton h={height} />;
  if (!config.data) return <Text size="sm">The map could not be loaded.</Text>;
  const tileUrl = config.data.mapTileUrl;
  const view = point ? { center: [point.latitude, point.longitude] as [number, number], zoom } : COUNTRY_VIEW;
  return (
    <Box
      role="region"
      aria-label={label}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
        isolation: 'isolate',
        cursor: onPick ? 'crosshair' : undefined,
      }}
    >
      <MapContainer
        center={view.center}
        zoom={view.zoom}
        scrollWheelZoom={false}
        style={{ height, width: '100%', cursor: onPick ? 'crosshair' : undefined }}
      >
        <TileLayer url={tileUrl} attribution={attributionFor(tileUrl)} />
        {point && (
          <CircleMarker
            center={[point.latitude, point.longitude]}
            radius={10}
            pathOptions={{ color: '#5f3dc4', weight: 3, fillColor: '#9c36b5', fillOpacity: 0.5 }}
          />
        )}
        {onPick && <PickOnClick onPick={onPick} />}
        <FollowPoint point={point} />
      </MapContainer>
    </Box>
  );
}
