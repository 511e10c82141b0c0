import { Badge, Drawer, SimpleGrid, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

import type { AuditEntry } from '@bloomline/contract';

import { DateText } from '@/ui';

import { recordLabel } from './record-label';
import { valueChanges } from './value-changes';

export type AuditEntryDrawerProps = {
  entry: AuditEntry | null;
  onClose: () => void;
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The old and new values of the entry's fields side by side; a changed field is marked, not only coloured. */
function Changes({ entry }: { entry: AuditEntry }) {
  const rows = valueChanges(entry.oldValues, entry.newValues);
  if (rows.length === 0) return <Text>No values were recorded with this entry.</Text>;
  return (
    <Table layout="fixed" withTableBorder withColumnBorders verticalSpacing="xs" fz="sm">
      <Table.Caption>Old and new values; changed fields are marked “changed”.</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">Field</Table.Th>
          <Table.Th>Old value</Table.Th>
          <Table.Th>New value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr
            key={row.field}
            data-changed={row.changed || undefined}
            bg={row.changed ? 'yellow.0' : undefined}
          >
            <Table.Th scope="row" fw={row.changed ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
              {row.field}
              {row.changed && (
                <Badge size="xs" variant="outline" color="dark" ml={4} radius="sm">
                  changed
                </Badge>
              )}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{row.before}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{row.after}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The side panel of one entry. Built from Drawer's parts so its header is a plain div (Mantine's simple
 * Drawer renders a <header>, a second banner landmark for axe); the whole width on a phone.
 */
export function AuditEntryDrawer({ entry, onClose }: AuditEntryDrawerProps) {
  const theme = useMantineTheme();
  const narrow = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`);
  return (
    <Drawer.Root opened={entry !== null} onClose={onClose} position="right" size={narrow ? '100%' : 'xl'}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title fw={700}>{entry ? `Audit entry ${entry.id}` : 'Audit entry'}</Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body>
          {entry && (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, xs: 2 }} component="dl" m={0} spacing="sm">
                <Fact label="When">
                  <DateText value={entry.createdAt} format="datetime" />
                </Fact>
                <Fact label="User">{entry.user}</Fact>
                <Fact label="Event">{entry.event}</Fact>
                <Fact label="Record">{recordLabel(entry)}</Fact>
              </SimpleGrid>
              <Text style={{ overflowWrap: 'anywhere' }}>{entry.message}</Text>
              <Changes entry={entry} />
            </Stack>
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
