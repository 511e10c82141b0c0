import { Group, List, Text } from '@mantine/core';

import type { ReturnDetail } from '@bloomline/contract';

import { Money } from '@/ui';

/**
 * Each partner's credit note for a return: before processing, what Partner responsible would deduct; after,
 * what was deducted. "Deduction" is the word on every screen.
 */
export function ReturnCreditNotes({ record, heading }: { record: ReturnDetail; heading: string }) {
  if (record.creditNotes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No partner holds these lines: nothing can be deducted.
      </Text>
    );
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        {heading}
      </Text>
      <List size="sm" spacing={4} listStyleType="none" aria-label={heading}>
        {record.creditNotes.map((note) => (
          <List.Item key={note.partner.id}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <span>{note.partner.name}</span>
              <Money value={-note.amount} />
            </Group>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
