import { Fragment, useMemo } from 'react';
import { Circle, Marker, Tooltip } from 'react-leaflet';

import { MapFrame, pinIcon } from './point-map';

/** A place with the area it serves: a pin at the point and a circle of `radiusKm` around it. */
export type MapArea = {
  id: number | string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** Shown when the pin is pointed at, and its title. */
  label: string;
  /** Drawn in grey (a disabled partner). */
  muted?: boolean;
};

export type AreasMapProps = {
  areas: readonly MapArea[];
  /** Accessible name of the map's region. */
  label: string;
  center: [number, number];
  zoom: number;
  height?: number;
};

/**
 * Many places on one map, each with its radius drawn to scale (km as metres). The pins are not in the tab
 * order: the list beside the map is the way through them by keyboard.
 */
export function AreasMap({ areas, label, center, zoom, height = 360 }: AreasMapProps) {
  const icons = useMemo(() => ({ on: pinIcon(), off: pinIcon(true) }), []);
  return (
    <MapFrame label={label} center={center} zoom={zoom} height={height}>
      {areas.map((area) => (
        <Fragment key={area.id}>
          <Circle
            center={[area.latitude, area.longitude]}
            radius={area.radiusKm * 1000}
            pathOptions={{
              color: area.muted ? '#868e96' : '#5f3dc4',
              weight: 1,
              fillOpacity: 0.08,
              interactive: false,
            }}
          />
          <Marker
            // Leaflet sets a marker's title once: a new label (a partner disabled) makes a new marker.
            key={`${area.label}|${String(area.muted ?? false)}`}
            position={[area.latitude, area.longitude]}
            icon={area.muted ? icons.off : icons.on}
            title={area.label}
            keyboard={false}
          >
            <Tooltip direction="top" offset={[0, -10]}>
              {area.label}
            </Tooltip>
          </Marker>
        </Fragment>
      ))}
    </MapFrame>
  );
}
