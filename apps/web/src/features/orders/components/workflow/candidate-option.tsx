import { Badge, Group, Radio, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';

import type { PartnerCandidate } from '@bloomline/contract';

import { RatingStars } from './rating-stars';

/** Distance with two decimals when above zero ('3.46 km'); a dash otherwise. */
export function formatDistance(distance: number | null): string {
  return distance !== null && distance > 0 ? `${distance.toFixed(2)} km` : '—';
}

/** One partner who could take the line, as a choice in the reassign dialog; a courier is marked so. */
export function CandidateOption({ candidate }: { candidate: PartnerCandidate }) {
  const { partner, distance } = candidate;
  return (
    <Radio.Card value={String(partner.id)} p="xs" radius="md">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="wrap">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {partner.name}
              </Text>
              {/* A courier delivers, it does not make the flowers: said beside the name, which staff read first. */}
              {partner.partnerType === 'courier' && (
                <Badge
                  size="sm"
                  variant="light"
                  color="indigo"
                  leftSection={<IconTruckDelivery size={12} aria-hidden />}
                >
                  Courier
                </Badge>
              )}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDistance(distance)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="xs" c="dimmed">
              {partner.city}
            </Text>
            <RatingStars rating={partner.rating} />
          </Group>
        </div>
      </Group>
    </Radio.Card>
  );
}
