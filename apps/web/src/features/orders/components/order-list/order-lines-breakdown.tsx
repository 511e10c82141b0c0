import { Group, Stack, Text } from '@mantine/core';

import type { OrderLineSummary } from '@bloomline/contract';

import { StatusBadge } from '@/ui';

export const NO_PARTNER_HEADING = 'No partner assigned';

type PartnerGroup = { key: string; name: string; lines: OrderLineSummary[] };

/** Lines grouped by partner, in the order the partners first appear; lines without one under their own heading. */
export function groupLinesByPartner(lines: readonly OrderLineSummary[]): PartnerGroup[] {
  const groups = new Map<string, PartnerGroup>();
  for (const line of lines) {
    const key = line.partner ? `p${line.partner.id}` : 'none';
    const group = groups.get(key) ?? { key, name: line.partner?.name ?? NO_PARTNER_HEADING, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Staff's look inside an order from the list: who makes what, and how far each line is. */
export function OrderLinesBreakdown({ lines }: { lines: readonly OrderLineSummary[] }) {
  if (lines.length === 0) return <Text size="sm">This order has no lines.</Text>;
  return (
    <Stack gap="sm" maw={640}>
      {groupLinesByPartner(lines).map((group) => (
        <div key={group.key}>
          <Text fw={600} size="sm" mb={4}>
            {group.name}
          </Text>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {group.lines.map((line) => (
              <Group component="li" key={line.id} justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {line.quantity} × {line.title}
                </Text>
                <StatusBadge status={line.status} partner={line.partner} style={{ flexShrink: 0 }} />
              </Group>
            ))}
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
