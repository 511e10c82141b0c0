import { PointMap } from '@/ui/point-map';

/** Part 1, point 9: the delivery point is shown at zoom 15. */
export const DELIVERY_MAP_ZOOM = 15;

/** The delivery point on a tile map. */
export function DeliveryMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  return (
    <PointMap point={{ latitude, longitude }} zoom={DELIVERY_MAP_ZOOM} label="Map of the delivery point" />
  );
}
