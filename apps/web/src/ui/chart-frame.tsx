import { Card, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';

import type { ChartKind, ChartRow, ChartSeries } from './chart-types';
import { QueryError } from './query-error';
import type { QueryView } from './query-view';

const ChartFrameBody = lazy(() => import('./chart-frame-body'));

export type ChartFrameProps = {
  title: string;
  kind: ChartKind;
  /** The rows, or undefined while they load. */
  rows: readonly ChartRow[] | undefined;
  /** The rows' category key (`partnerName`) and its column's words for screen readers (`Partner`). */
  category: string;
  categoryLabel: string;
  series: readonly ChartSeries[];
  /** How a figure reads: `formatMoney` for revenue; plain numbers otherwise. */
  valueFormatter?: (value: number) => string;
  /** How the value axis's ticks read, when shorter than the figures: `formatWholeRand` beside `formatMoney`. */
  axisFormatter?: (value: number) => string;
  /** The query the rows come from: the placeholder while it first loads, its failure with Retry. */
  query?: QueryView;
  /** What an empty period says. */
  emptyText?: string;
  /** Beside the title: the report's Export button. */
  actions?: ReactNode;
  height?: number;
};

const plain = (value: number) => String(value);

/** The figures as a table only screen readers meet: the chart's picture says nothing to them. */
function ChartData({
  title,
  rows,
  category,
  categoryLabel,
  series,
  valueFormatter = plain,
}: ChartFrameProps) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>{title}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{categoryLabel}</Table.Th>
            {series.map((s) => (
              <Table.Th key={s.name} scope="col">
                {s.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows?.map((row, i) => (
            <Table.Tr key={`${String(row[category])}-${String(i)}`}>
              <Table.Th scope="row">{String(row[category] ?? '')}</Table.Th>
              {series.map((s) => (
                <Table.Td key={s.name}>{valueFormatter(Number(row[s.name]) || 0)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

/**
 * A report's chart in a titled card: a placeholder while it loads, the failure with Retry, "No data for
 * this period." when there is none, else the chart (loaded on first use) with its figures as a table for
 * screen readers. It takes the card's width, down to a 375 px phone.
 */
export function ChartFrame(props: ChartFrameProps) {
  const { title, kind, rows, query, actions, height = 280 } = props;
  const headingId = `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const placeholder = <Skeleton h={height} radius="sm" aria-hidden />;
  const waiting = !!query?.isLoading || !rows;

  let body: ReactNode;
  if (query?.isError) body = <QueryError query={query} />;
  else if (waiting) body = placeholder;
  else if (rows.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {props.emptyText ?? 'No data for this period.'}
      </Text>
    );
  else
    body = (
      <>
        <ChartData {...props} />
        {/* The picture repeats the table above for sighted readers; `inert` keeps recharts' focusable
            layers (a donut's pie takes the tab key) out of the keyboard's way too. */}
        <div aria-hidden="true" inert>
          <Suspense fallback={placeholder}>
            <ChartFrameBody
              kind={kind}
              rows={rows}
              category={props.category}
              series={props.series}
              valueFormatter={props.valueFormatter}
              axisFormatter={props.axisFormatter}
              height={height}
            />
          </Suspense>
        </div>
      </>
    );

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} aria-busy={waiting}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {actions}
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
