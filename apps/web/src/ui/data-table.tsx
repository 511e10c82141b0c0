import { Alert, Button, Skeleton, Table, Text, type MantineBreakpoint } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useElementSize } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';

import { ALERT_TITLE_RED } from './contrast';
import { errorMessage } from './error-message';

export type DataColumn<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: CSSProperties['width'];
  /** Hide the column below this breakpoint. */
  visibleFrom?: MantineBreakpoint;
  align?: 'left' | 'center' | 'right';
};

export type DataTableProps<T> = {
  columns: DataColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** First load: skeleton rows instead of data. */
  loading?: boolean;
  /** A failure to show instead of the table (any Error or message). */
  error?: unknown;
  /** Text of the single row shown when there are no rows. */
  empty?: ReactNode;
  /** Read by screen readers only. */
  caption?: string;
  onRetry?: () => void;
  /** Width below which the table scrolls sideways. */
  minWidth?: number;
  skeletonRows?: number;
};

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading = false,
  error,
  empty = 'Nothing to display',
  caption,
  onRetry,
  minWidth = 600,
  skeletonRows = 5,
}: DataTableProps<T>) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const isEmpty = !loading && (!rows || rows.length === 0);
  // An empty table need not scroll; its message would otherwise sit off screen on a phone.
  const tableMinWidth = isEmpty ? 0 : minWidth;
  // A region that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable).
  const scrolls = width > 0 && width < tableMinWidth;

  if (error) {
    return (
      <Alert
        color="red"
        variant="light"
        title="Could not load"
        icon={<IconAlertCircle aria-hidden />}
        // Mantine's light red title is below 4.5:1 on its tint (see ALERT_TITLE_RED).
        styles={{ title: { color: ALERT_TITLE_RED } }}
      >
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button variant="default" size="xs" mt="sm" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Alert>
    );
  }

  const cell = (column: DataColumn<T>, content: ReactNode) => (
    <Table.Td key={column.key} visibleFrom={column.visibleFrom} ta={column.align}>
      {content}
    </Table.Td>
  );

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <Table.Tr key={`skeleton-${i}`}>
        {columns.map((c) => cell(c, <Skeleton height={14} radius="sm" />))}
      </Table.Tr>
    ));
  } else if (isEmpty || !rows) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length} ta="center" py="lg">
          {empty}
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => (
      <Table.Tr key={rowKey(row)}>{columns.map((c) => cell(c, c.render(row)))}</Table.Tr>
    ));
  }

  return (
    <Table.ScrollContainer
      ref={ref}
      minWidth={tableMinWidth}
      type="native"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption ?? 'Table' } : {})}
    >
      <Table striped highlightOnHover verticalSpacing="sm" aria-busy={loading || undefined}>
        {caption && <Table.Caption style={visuallyHidden}>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} w={c.width} visibleFrom={c.visibleFrom} ta={c.align} scope="col">
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
