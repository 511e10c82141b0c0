import { Alert, List, Text } from '@mantine/core';

import { BULK_DONE_WORDS } from '@bloomline/contract';

import type { BulkOutcome } from './bulk-action-buttons';

export type BulkResultProps = {
  outcome: BulkOutcome;
  /** The number of a refused order, as the list knew it. */
  nameOf: (id: number) => string;
  onClose: () => void;
};

/** "12 accepted, 2 could not be:" and each refused order with the reason; those stay selected. */
export function BulkResultNotice({ outcome, nameOf, onClose }: BulkResultProps) {
  const { action, result } = outcome;
  const done = `${String(result.done.length)} ${BULK_DONE_WORDS[action]}`;
  const refused = result.refused.length;
  return (
    <Alert
      role="status"
      color={refused === 0 ? 'green' : 'yellow'}
      variant="light"
      withCloseButton
      closeButtonLabel="Close the result"
      onClose={onClose}
      // The light alert's own title colour is too pale on its background for small text.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title={refused === 0 ? `${done}.` : `${done}, ${String(refused)} could not be:`}
    >
      {refused > 0 && (
        <>
          <List size="sm" spacing={2}>
            {result.refused.map((r) => (
              <List.Item key={r.id}>
                <Text span fw={600} size="sm">
                  {nameOf(r.id)}
                </Text>
                : {r.message}
              </List.Item>
            ))}
          </List>
          <Text size="xs" mt={6}>
            They are still selected.
          </Text>
        </>
      )}
    </Alert>
  );
}
