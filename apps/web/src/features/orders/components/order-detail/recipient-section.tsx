import { Anchor, Box, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

import { APPROXIMATE_POSITION_TEXT, type OrderDetail } from '@bloomline/contract';

import { recipientName } from '../recipient-name';
import { DetailSection } from './detail-section';
import { KeyValues, type KeyValue } from './key-values';

// Leaflet is loaded only when a map is shown (staff, with coordinates).
const DeliveryMap = lazy(async () => ({ default: (await import('./delivery-map')).DeliveryMap }));

export const mapsLink = (lat: number, lng: number) =>
  `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;

function recipientFacts(order: OrderDetail): KeyValue[] {
  const { latitude: lat, longitude: lng } = order;
  const address = [order.address1, order.address2].filter(Boolean);
  const facts: KeyValue[] = [
    { key: 'name', label: 'Name', value: recipientName(order) || '—' },
    {
      key: 'phone',
      label: 'Telephone',
      value: order.phone ? (
        <Anchor href={`tel:${order.phone.replace(/\s+/g, '')}`}>{order.phone}</Anchor>
      ) : (
        '—'
      ),
    },
    { key: 'company', label: 'Company', value: order.company || '—' },
    {
      key: 'address',
      label: 'Address',
      value: address.length > 0 ? address.map((l, i) => <div key={i}>{l}</div>) : '—',
    },
    { key: 'city', label: 'City', value: order.city || '—' },
    { key: 'country', label: 'Country', value: order.country || '—' },
    { key: 'postal', label: 'Postal code', value: order.postalCode || '—' },
  ];
  if (lat !== null && lng !== null) {
    facts.push({
      key: 'coordinates',
      label: 'Latitude, longitude',
      value: (
        <>
          <div>
            {lat}, {lng}
          </div>
          {order.locationApproximate && <ApproximateNote />}
          <Anchor href={mapsLink(lat, lng)} target="_blank" rel="noopener noreferrer" size="sm">
            Open in maps <IconExternalLink size={12} aria-hidden />
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>
        </>
      ),
    });
  }
  return facts;
}

/** Said wherever an order's position is its suburb's or city's, not the address's own. */
function ApproximateNote() {
  return (
    <Text size="sm" fs="italic" data-testid="approximate-position">
      {APPROXIMATE_POSITION_TEXT}
    </Text>
  );
}

/** Who receives the order and where; staff also see the delivery point on a map. */
export function RecipientSection({ order, isStaff }: { order: OrderDetail; isStaff: boolean }) {
  const { latitude: lat, longitude: lng } = order;
  return (
    <DetailSection title="Recipient">
      <KeyValues items={recipientFacts(order)} />
      {isStaff && lat !== null && lng !== null && (
        <Box mt="md">
          {order.locationApproximate && <ApproximateNote />}
          <Suspense
            fallback={<Box h={260} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }} />}
          >
            <DeliveryMap latitude={lat} longitude={lng} />
          </Suspense>
        </Box>
      )}
    </DetailSection>
  );
}
