import type { PageMeta } from '@bloomline/contract';
import { Box, Group, Paper, Skeleton, Stack, Table, Text, type MantineBreakpoint } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  Fragment,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';

import { usePhone } from './phone';
import { QueryError } from './query-error';
import { Pager } from './pager';
import type { QueryView } from './query-view';
import { RecordCard } from './record-card';

type ColumnBase<T> = {
  key: string;
  render: (row: T) => ReactNode;
  width?: CSSProperties['width'];
  /** Hide the column from the table below this breakpoint (a phone's cards show every column). */
  visibleFrom?: MantineBreakpoint;
  align?: 'left' | 'center' | 'right';
  /** The record's buttons (see `actionsColumn`): at the right of a row, at the foot of a card. */
  actions?: boolean;
  /** The header is a control (a sort button): on a phone it shows above the cards. */
  headerControl?: boolean;
};

/** A column; a header that is not plain text (a sort button, hidden text) needs a `label` for the cards. */
export type DataColumn<T> = ColumnBase<T> &
  ({ header: string; label?: string } | { header: ReactNode; label: string });

export type DataTableProps<T> = {
  columns: DataColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /**
   * The query the rows come from: skeleton rows while it first loads, its failure with Retry (see
   * `showError`). A table of rows already at hand has none.
   */
  query?: QueryView;
  /**
   * Where the query's failure shows: instead of the table (`always`, the default); only when there are no
   * rows to show, a failed refresh keeping the rows it had (`without-rows`); or not here, where the screen
   * shows it beside the table (`never`: a report's chart).
   */
  showError?: 'always' | 'without-rows' | 'never';
  /** Text of the single row shown when there are no rows. */
  empty?: ReactNode;
  /** Read by screen readers only. */
  caption?: string;
  /**
   * Width the table needs: narrower than this (and always on a phone) each row is drawn as a card of
   * "Label  value" lines instead, so nothing scrolls sideways and no column is dropped.
   */
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

/** The words a card shows before a column's value. */
export const columnLabel = <T,>(column: DataColumn<T>): ReactNode => column.label ?? column.header;

/**
 * Whether rows are cards: on a phone, or where the table would not fit (known once the box is measured):
 * narrower than `minWidth`, or than a width at which the drawn table was found wider than its box (long
 * words). A wider box tries the table again.
 */
function useStacked(minWidth: number, rows: unknown) {
  const phone = usePhone();
  const { ref, width } = useElementSize<HTMLDivElement>();
  const tableRef = useRef<HTMLTableElement>(null);
  const [overflowedAt, setOverflowedAt] = useState(0);
  const stacked = phone || (width > 0 && (width < minWidth || width <= overflowedAt));
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!stacked && table && width > 0 && table.scrollWidth > width + 1) setOverflowedAt(width);
  }, [stacked, width, rows]);
  return { ref, tableRef, stacked };
}

/** Whether the table shows its query's failure instead of itself (see `showError`). */
const failed = <T,>({ query, showError = 'always', rows }: DataTableProps<T>) =>
  !!query?.isError && (showError === 'always' || (showError === 'without-rows' && !rows));

export function DataTable<T>(props: DataTableProps<T>) {
  const { query, minWidth = 600 } = props;
  const { ref, tableRef, stacked } = useStacked(minWidth, props.rows);

  if (query && failed(props)) return <QueryError query={query} />;

  const loading = query?.isLoading ?? false;
  return (
    <Box ref={ref}>
      {stacked ? (
        <StackedRows {...props} loading={loading} />
      ) : (
        <TableRows {...props} loading={loading} tableRef={tableRef} />
      )}
    </Box>
  );
}

/** The rows' drawing: `loading` is the query's first load. */
type RowsProps<T> = DataTableProps<T> & { loading: boolean };

const actionsOf = (content: ReactNode) => (
  <Group gap="xs" justify="flex-end" wrap="nowrap">
    {content}
  </Group>
);

function TableRows<T>({
  columns,
  rows,
  rowKey,
  loading,
  empty = 'Nothing to display',
  caption,
  skeletonRows = 5,
  tableRef,
}: RowsProps<T> & { tableRef: RefObject<HTMLTableElement | null> }) {
  const isEmpty = !loading && (!rows || rows.length === 0);
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
      <Table.Tr key={rowKey(row)}>
        {columns.map((c) => cell(c, c.actions ? actionsOf(c.render(row)) : c.render(row)))}
      </Table.Tr>
    ));
  }

  return (
    <Table ref={tableRef} striped highlightOnHover verticalSpacing="sm" aria-busy={loading || undefined}>
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
  );
}

/** The phone pattern: one card per row, every column as "Label  value", the actions at its foot. */
function StackedRows<T>({
  columns,
  rows,
  rowKey,
  loading,
  empty = 'Nothing to display',
  caption,
  skeletonRows = 3,
}: RowsProps<T>) {
  const fields = columns.filter((c) => !c.actions);
  const actions = columns.filter((c) => c.actions);
  const controls = columns.filter((c) => c.headerControl);

  if (loading) {
    return (
      <Stack gap="sm" aria-busy="true" role="status" aria-label={`Loading ${caption ?? 'the list'}`}>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Paper key={i} withBorder radius="md" p="sm">
            <Skeleton height={14} width="60%" mb={8} />
            <Skeleton height={12} width="80%" />
          </Paper>
        ))}
      </Stack>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <Text ta="center" py="lg">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {controls.length > 0 && (
        <Group gap="md" wrap="wrap" role="group" aria-label="Sort">
          <Text size="sm" fw={600} c="gray.7" aria-hidden>
            Sort:
          </Text>
          {controls.map((c) => (
            <Box key={c.key}>{c.header}</Box>
          ))}
        </Group>
      )}
      <Stack component="ul" gap="sm" m={0} p={0} aria-label={caption}>
        {rows.map((row) => (
          <RecordCard
            key={rowKey(row)}
            fields={fields.map((c) => ({ key: c.key, label: columnLabel(c), value: c.render(row) }))}
            actions={
              actions.length > 0
                ? actions.map((c) => <Fragment key={c.key}>{c.render(row)}</Fragment>)
                : undefined
            }
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** The query of a page of rows, as the paged lists answer it (`paged(item)`). */
type PageQuery<T> = QueryView & { data?: { data: T[]; meta: PageMeta } | undefined };

/**
 * A page of a paged list and its pager under it: the rows and the page's links come from the query's answer,
 * its states from the query (as `DataTable`'s). A failed refresh keeps the page it shows (`without-rows`):
 * the pager's page stays readable while the next one cannot be fetched.
 */
export function PagedTable<T>({
  query,
  onPage,
  showError = 'without-rows',
  ...table
}: Omit<DataTableProps<T>, 'rows' | 'query'> & { query: PageQuery<T>; onPage: (page: number) => void }) {
  return (
    <>
      <DataTable {...table} rows={query.data?.data} query={query} showError={showError} />
      <Pager meta={query.data?.meta} onPage={onPage} />
    </>
  );
}
