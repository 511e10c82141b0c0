import { Card, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';

import {
  type DateRange,
  rangeFileStem,
  rangeInOrder,
  REPORT_FILES,
  reportRoutes,
  statusReportAddress,
} from '@bloomline/contract';

import { pathOf } from '@/api/call';
import { paths } from '@/lib/paths';
import {
  DataTable,
  type DataColumn,
  DateRangeFilter,
  DownloadButton,
  type DownloadButtonProps,
  PageTitle,
  type QueryView,
  statusName,
  useListParams,
} from '@/ui';

import { queryOf, type ReportParams, useLineStatuses } from '../api/reporting-api';

/** What a report without rows for the period says, in its chart and its table alike. */
export const NO_DATA = 'No data for this period.';

/** A report's screen: its title under Reporting, the Export button, the filters, then the report. */
export function ReportFrame({
  title,
  actions,
  filters,
  children,
}: {
  title: string;
  actions?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <PageTitle
        title={title}
        breadcrumbs={[{ label: 'Reporting', to: paths.reporting.home }, { label: title }]}
        actions={actions}
      />
      {filters}
      {children}
    </Stack>
  );
}

/** A chart with its table beside it on a wide screen, under it on a narrow one. */
export function ChartWithTable({ chart, table }: { chart: ReactNode; table: ReactNode }) {
  return (
    // Each card as tall as it needs: a long table does not stretch the chart's card beside it.
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
      {chart}
      {table}
    </SimpleGrid>
  );
}

/**
 * A report's figures as a titled table (cards on a phone): skeleton rows while the report first loads; its
 * failure, with Retry, is the chart's beside it.
 */
export function ReportTable<T>({
  title,
  columns,
  rows,
  rowKey,
  query,
}: {
  title: string;
  columns: DataColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  query: QueryView;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        query={query}
        showError="never"
        empty={NO_DATA}
        caption={title}
        minWidth={0}
      />
    </Card>
  );
}

/**
 * Export: the CSV of `report`'s call with the filters on screen (`Accept: text/csv`), named by the server's
 * content-disposition (the fallback is the report's own `<report>-<start>-<end>.csv`), with its progress as it
 * arrives.
 */
export function ExportButton({
  report,
  params,
  ...props
}: {
  report: keyof typeof reportRoutes;
  params: ReportParams;
} & Omit<DownloadButtonProps, 'path' | 'fallbackName'>) {
  return (
    <DownloadButton
      path={pathOf(reportRoutes[report])}
      query={queryOf(params)}
      accept="text/csv"
      fallbackName={`${rangeFileStem(REPORT_FILES[report], params)}.csv`}
      {...props}
    />
  );
}

/** The address of a report filtered by range and line status (partner orders, partner sales, revenue). */
export function useStatusReportParams() {
  const { params, update } = useListParams(statusReportAddress);
  return { params, inOrder: rangeInOrder(params), update };
}

type StatusFilterProps = {
  params: ReportParams;
  onChange: (params: ReportParams) => void;
};

function StatusRangeForm({ params, onChange }: StatusFilterProps) {
  const statuses = useLineStatuses();
  const [status, setStatus] = useState<string | null>(params.status ?? null);
  return (
    <DateRangeFilter
      value={params}
      onChange={(range: DateRange) => onChange({ ...range, status: status ?? undefined })}
    >
      <Select
        label="Status"
        placeholder="Any"
        data={(statuses.data ?? []).map((s) => ({ value: String(s.id), label: statusName(s.name) }))}
        value={status}
        onChange={setStatus}
        clearable
        w={{ base: '100%', xs: 200 }}
        comboboxProps={{ withinPortal: true }}
      />
    </DateRangeFilter>
  );
}

/**
 * The period and an order-line status (filled from GET /api/order-line-statuses), applied together by
 * Filter or Enter. Remounted when the address changes, so back and forward show what is applied.
 */
export function StatusRangeFilter(props: StatusFilterProps) {
  const { startDate = '', endDate = '', status = '' } = props.params;
  return <StatusRangeForm key={`${startDate}|${endDate}|${status}`} {...props} />;
}
