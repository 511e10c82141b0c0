import { Alert, Box, Card, Skeleton, Stack, Text } from '@mantine/core';

import { DateRangeFilter, QueryError, useDateRange } from '@/ui';

import { ACCOUNTING_TIMEOUT_MS, useAccountingRows } from '../api/reporting-api';
import { AccountingTable } from '../components/accounting-table';
import { ExportButton, NO_DATA, ReportFrame } from '../components/report-frame';

/**
 * The bookkeeper's monthly file: the rows of a period on screen, and Export report for the whole CSV
 * (streamed by the server; hidden on a phone, where a spreadsheet is no use). The screen loads rows only
 * for a chosen period: a marketplace's whole history is a file, not a page.
 */
export function AccountingPage() {
  const { range, inOrder, setRange } = useDateRange();
  const chosen = range.startDate !== undefined || range.endDate !== undefined;
  const report = useAccountingRows(range, inOrder && chosen);

  let body;
  if (!chosen)
    body = (
      <Alert variant="light" color="gray" title="Choose a period">
        Pick a start or end date and press Filter to see the order lines; Export report downloads the file.
      </Alert>
    );
  else if (!inOrder) body = null;
  else if (report.isError) body = <QueryError query={report} />;
  else if (report.isPending)
    body = (
      <Stack gap={8} aria-busy>
        {[1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height={20} />
        ))}
      </Stack>
    );
  else if (report.data.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {NO_DATA}
      </Text>
    );
  else body = <AccountingTable key={`${range.startDate ?? ''}|${range.endDate ?? ''}`} rows={report.data} />;

  return (
    <ReportFrame
      title="Accounting CSV"
      actions={
        <Box visibleFrom="sm">
          <ExportButton report="accounting" params={range} timeoutMs={ACCOUNTING_TIMEOUT_MS}>
            Export report
          </ExportButton>
        </Box>
      }
      filters={<DateRangeFilter value={range} onChange={setRange} />}
    >
      <Text size="sm" c="gray.7" mb="sm">
        The period is the orders’ delivery dates, as on the partners’ statements. Adjustment is each partner’s
        deductions on the order (credit notes and refunds), on their first line.
      </Text>
      <Card withBorder padding="md">
        {body}
      </Card>
    </ReportFrame>
  );
}
