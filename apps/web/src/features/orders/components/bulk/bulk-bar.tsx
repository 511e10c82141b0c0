import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import type { OrderSummary } from '@bloomline/contract';
import { formatCount, MAX_BULK_IDS } from '@bloomline/contract';

import { errorMessage } from '@/ui';
import type { OrderListParams } from '@/lib/query-keys';

import { getMatchingOrders } from '../../api/bulk-orders';
import { BulkActionButtons, type BulkOutcome } from './bulk-action-buttons';
import { BulkResultNotice } from './bulk-result';
import type { OrderSelection } from './use-order-selection';

export type BulkBarProps = {
  params: OrderListParams;
  /** The page shown, and how many orders the list holds in all. */
  rows: readonly OrderSummary[];
  total: number;
  selection: OrderSelection;
  isStaff: boolean;
  phone: boolean;
  /** On a phone the boxes show only in "Select" mode. */
  selecting: boolean;
  onSelecting: (on: boolean) => void;
};

/**
 * Above a list: select the page, or every order the filter matches (up to one call's 500), the count, the
 * actions, and what the last action did. On a phone it waits behind "Select" (or "Select all"), with large
 * targets, and stays at the foot of the screen while selecting.
 */
export function BulkBar({
  params,
  rows,
  total,
  selection,
  isStaff,
  phone,
  selecting,
  onSelecting,
}: BulkBarProps) {
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [matching, setMatching] = useState<{ busy: boolean; note: string | null }>({
    busy: false,
    note: null,
  });
  const count = selection.items.size;
  const onPage = rows.filter((o) => selection.has(o.id)).length;
  const pageAll = rows.length > 0 && onPage === rows.length;
  const size = phone ? 'md' : 'sm';

  const selectMatching = async () => {
    setMatching({ busy: true, note: null });
    try {
      const found = await getMatchingOrders(params);
      selection.add(found);
      onSelecting(true);
      setMatching({
        busy: false,
        note:
          total > found.length
            ? `The first ${formatCount(found.length)} of ${formatCount(total)} are selected (${String(MAX_BULK_IDS)} at a time).`
            : null,
      });
    } catch (error) {
      setMatching({ busy: false, note: errorMessage(error, 'Could not select the matching orders.') });
    }
  };

  const done = (next: BulkOutcome) => {
    // What was done leaves the selection; what was refused stays, to act on again or look at.
    selection.remove(next.result.done);
    setOutcome(next);
  };

  const result = outcome && (
    <BulkResultNotice
      outcome={outcome}
      nameOf={(id) => selection.items.get(id) ?? rows.find((o) => o.id === id)?.name ?? `Order ${String(id)}`}
      onClose={() => setOutcome(null)}
    />
  );

  if (phone && !selecting)
    return (
      <Stack gap="xs">
        {result}
        {total > 0 && (
          <Group gap="xs">
            <Button size="md" variant="default" onClick={() => onSelecting(true)}>
              Select
            </Button>
            <Button size="md" variant="default" loading={matching.busy} onClick={() => void selectMatching()}>
              {`Select all ${formatCount(total)}`}
            </Button>
          </Group>
        )}
      </Stack>
    );

  return (
    <Stack gap="xs">
      {result}
      {total > 0 && (
        <Paper
          withBorder
          p="xs"
          radius="md"
          role="region"
          aria-label="Selected orders"
          shadow={phone ? 'md' : undefined}
        >
          <Stack gap="xs">
            <Group gap="sm" wrap="wrap" justify="space-between">
              <Group gap="sm" wrap="wrap">
                <Checkbox
                  size={phone ? 'lg' : 'sm'}
                  label="Select page"
                  checked={pageAll}
                  indeterminate={onPage > 0 && !pageAll}
                  onChange={() => (pageAll ? selection.remove(rows.map((o) => o.id)) : selection.add(rows))}
                />
                <Text size="sm" fw={600} aria-live="polite">
                  {`${formatCount(count)} selected`}
                </Text>
                {total > rows.length && (
                  <Button
                    size={size}
                    variant="subtle"
                    loading={matching.busy}
                    onClick={() => void selectMatching()}
                  >
                    {`Select all ${formatCount(total)} matching`}
                  </Button>
                )}
                {(count > 0 || phone) && (
                  <Button
                    size={size}
                    variant="subtle"
                    onClick={() => {
                      selection.clear();
                      setMatching({ busy: false, note: null });
                      if (phone) onSelecting(false);
                    }}
                  >
                    {phone ? 'Done' : 'Clear'}
                  </Button>
                )}
              </Group>
              {count > 0 ? (
                <BulkActionButtons
                  ids={[...selection.items.keys()]}
                  isStaff={isStaff}
                  large={phone}
                  onDone={done}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Tick orders to act on several at once.
                </Text>
              )}
            </Group>
            {matching.note && (
              <Text size="xs" role="status">
                {matching.note}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
