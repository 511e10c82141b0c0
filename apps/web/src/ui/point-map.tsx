import 'leaflet/dist/leaflet.css';

import { Box, Skeleton, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { divIcon, type LatLng } from 'leaflet';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CircleMarker, MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';

import { appConfigQuery } from '@/api/app-config';

export type MapPoint = { latitude: number; longitude: number };

/** Where a map without a point opens: all of South Africa. */
export const COUNTRY_VIEW = { center: [-28.8, 24.7] as [number, number], zoom: 5 };

const MARK = { color: '#5f3dc4', fill: '#9c36b5' };

/**
 * A pin drawn in HTML, so no marker images need serving; `muted` greys it (a disabled partner). Leaflet
 * positions the box by its centre.
 */
export const pinIcon = (muted = false) =>
  divIcon({
    className: '',
    iconSize: [22, 22],
    iconAnchor: [11, 11],
    html: `<span style="display:block;width:22px;height:22px;border-radius:50%;box-sizing:border-box;border:3px solid ${
      muted ? '#495057' : MARK.color
    };background:${muted ? 'rgba(134,142,150,.6)' : 'rgba(156,54,181,.55)'}"></span>`,
  });

const attributionFor = (url: string) =>
  url.includes('openstreetmap.org')
    ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
    : undefined;

const rounded = (at: LatLng): MapPoint => ({
  latitude: Number(at.lat.toFixed(6)),
  longitude: Number(at.lng.toFixed(6)),
});

/** A click on the map places the point, to six decimals (about 10 cm). */
function PickOnClick({ onPick }: { onPick: (point: MapPoint) => void }) {
  useMapEvents({ click: (event) => onPick(rounded(event.latlng)) });
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

export type MapFrameProps = {
  /** Accessible name of the map's region. */
  label: string;
  center: [number, number];
  zoom: number;
  height?: number;
  /** A crosshair cursor: the map is a picker. */
  picking?: boolean;
  /** What the map shows over the tiles (markers, circles, event handlers). */
  children?: ReactNode;
};

/** Shown over a map whose background tiles cannot be fetched (no internet, the tile server down). */
export const MAP_TILES_FAILED =
  'The map background could not be loaded (no connection to the map server); the points are still shown.';

/**
 * Whether the background is missing: a tile failed and none has loaded. A tile that loads later (the
 * connection back, another zoom level) clears it.
 */
function useTileTrouble() {
  const [state, setState] = useState({ failed: false, loaded: false });
  const eventHandlers = useMemo(
    () => ({
      tileerror: () => setState((s) => (s.failed ? s : { ...s, failed: true })),
      tileload: () => setState((s) => (s.loaded ? s : { ...s, loaded: true })),
    }),
    [],
  );
  return { missing: state.failed && !state.loaded, eventHandlers };
}

/** The tile map every map of the app is drawn on: the configured tiles in a named region. */
export function MapFrame({ label, center, zoom, height = 260, picking = false, children }: MapFrameProps) {
  const config = useQuery(appConfigQuery);
  const tiles = useTileTrouble();
  if (config.isPending) return <Skeleton h={height} />;
  if (!config.data) return <Text size="sm">The map could not be loaded.</Text>;
  const tileUrl = config.data.mapTileUrl;
  return (
    <Box
      role="region"
      aria-label={label}
      pos="relative"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
        isolation: 'isolate',
        cursor: picking ? 'crosshair' : undefined,
      }}
    >
      <MapContainer
        center={center}
        zoom={zoom}
        scrollWheelZoom={false}
        style={{ height, width: '100%', cursor: picking ? 'crosshair' : undefined }}
      >
        <TileLayer url={tileUrl} attribution={attributionFor(tileUrl)} eventHandlers={tiles.eventHandlers} />
        {children}
      </MapContainer>
      {tiles.missing && (
        <Box
          role="status"
          pos="absolute"
          // At the foot, clear of the zoom buttons.
          bottom={8}
          left={8}
          right={8}
          p={8}
          bg="white"
          // Above Leaflet's panes (z-index up to 700), below nothing of the page: the map isolates its stack.
          style={{
            zIndex: 1000,
            borderRadius: 'var(--mantine-radius-sm)',
            boxShadow: 'var(--mantine-shadow-sm)',
          }}
        >
          <Text size="sm" c="dark.9" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
            <IconMapOff size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            {MAP_TILES_FAILED}
          </Text>
        </Box>
      )}
    </Box>
  );
}

export type PointMapProps = {
  point: MapPoint | null;
  /** Accessible name of the map's region. */
  label: string;
  zoom?: number;
  height?: number;
  /** Makes the map a picker: a click places the point. */
  onPick?: (point: MapPoint) => void;
  /** With `onPick`: the point is a pin that can be dragged as well. */
  draggable?: boolean;
};

/** A point on a tile map (a circle marks it); optionally a picker, by click or by dragging the pin. */
export function PointMap({
  point,
  label,
  zoom = 15,
  height = 260,
  onPick,
  draggable = false,
}: PointMapProps) {
  const view = point ? { center: [point.latitude, point.longitude] as [number, number], zoom } : COUNTRY_VIEW;
  const icon = useMemo(() => pinIcon(), []);
  const dragging = !!onPick && draggable;
  return (
    <MapFrame label={label} center={view.center} zoom={view.zoom} height={height} picking={!!onPick}>
      {point && dragging && (
        <Marker
          position={[point.latitude, point.longitude]}
          icon={icon}
          draggable
          keyboard={false}
          eventHandlers={{
            dragend: (event) => onPick(rounded((event.target as { getLatLng: () => LatLng }).getLatLng())),
          }}
        />
      )}
      {point && !dragging && (
        <CircleMarker
          center={[point.latitude, point.longitude]}
          radius={10}
          pathOptions={{ color: MARK.color, weight: 3, fillColor: MARK.fill, fillOpacity: 0.5 }}
        />
      )}
      {onPick && <PickOnClick onPick={onPick} />}
      <FollowPoint point={point} />
    </MapFrame>
  );
}
