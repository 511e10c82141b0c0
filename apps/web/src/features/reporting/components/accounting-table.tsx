import { ActionIcon, Group, Pagination, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useState } from 'react';

import {
  ACCOUNTING_COLUMNS,
  ACCOUNTING_ORDER_ID,
  type AccountingRow,
  formatCount,
  formatMoney,
} from '@bloomline/contract';

import { type DataColumn, DataTable, Dialog, EMPTY_TEXT, formatDate, usePhone } from '@/ui';
import { OnpayCalculation } from '@/ui/onpay-calculation';

/** Rows per page of the screen (the file has them all); a phone's cards are eighteen lines each. */
export const ACCOUNTING_PAGE_SIZE = 50;
const PHONE_PAGE_SIZE = 10;

const MONEY = new Set([10, 14, 15, 16, 17]);
const DATES = new Set([1, 7]);
const ON_PAY_INCL = 16;

const text = (value: AccountingRow[number] | null) => {
  if (value === null) return EMPTY_TEXT;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
};

function cellOf(row: AccountingRow, i: number, onView: (orderId: number) => void) {
  const value = row[i] ?? null;
  if (MONEY.has(i) && typeof value === 'number') {
    const amount = formatMoney(value);
    if (i !== ON_PAY_INCL) return amount;
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        {amount}
        <ActionIcon
          variant="subtle"
          size="sm"
          title="View onpay calculation"
          aria-label={`View onpay calculation of ${row[0]}`}
          onClick={() => onView(row[ACCOUNTING_ORDER_ID])}
        >
          <IconCalculator size={16} aria-hidden />
        </ActionIcon>
      </Group>
    );
  }
  if (DATES.has(i) && typeof value === 'string') return formatDate(value);
  return text(value);
}

type Props = { rows: readonly AccountingRow[] };

/**
 * The accounting rows, a page at a time: a table that scrolls sideways inside its frame on a wide screen
 * (18 columns), a card per line on a phone. The On pay (Incl Delivery) cell opens the order's on-pay
 * calculation (the order id of position 19).
 */
export function AccountingTable({ rows }: Props) {
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<{ orderId: number; name: string } | null>(null);
  const size = phone ? PHONE_PAGE_SIZE : ACCOUNTING_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * size, current * size);
  const onView = (orderId: number) =>
    setViewing({ orderId, name: rows.find((r) => r[ACCOUNTING_ORDER_ID] === orderId)?.[0] ?? '' });
  const keyOf = (row: AccountingRow, i: number) => `${String(row[ACCOUNTING_ORDER_ID])}-${String(i)}`;

  const columns: DataColumn<AccountingRow>[] = ACCOUNTING_COLUMNS.map((header, i) => ({
    key: String(i),
    header,
    align: MONEY.has(i) ? 'right' : undefined,
    render: (row) => cellOf(row, i, onView),
  }));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {formatCount(rows.length)} order lines
        {pages > 1 ? `, page ${String(current)} of ${String(pages)}` : ''}
      </Text>
      {phone ? (
        <DataTable
          columns={columns}
          rows={shown}
          rowKey={(row) => keyOf(row, shown.indexOf(row))}
          caption="Accounting rows"
          minWidth={0}
        />
      ) : (
        <ScrollArea type="auto" offsetScrollbars tabIndex={0} aria-label="Accounting rows, scrolls sideways">
          <Table striped highlightOnHover miw={2400} verticalSpacing="xs" fz="sm">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>Accounting rows</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {ACCOUNTING_COLUMNS.map((header, i) => (
                  <Table.Th key={header} scope="col" ta={MONEY.has(i) ? 'right' : undefined}>
                    {header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row, r) => (
                <Table.Tr key={keyOf(row, r)}>
                  {ACCOUNTING_COLUMNS.map((header, i) => (
                    <Table.Td
                      key={header}
                      ta={MONEY.has(i) ? 'right' : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {cellOf(row, i, onView)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          size="sm"
          aria-label="Pages of the accounting rows"
          getItemProps={(n) => ({ 'aria-label': `Page ${String(n)}` })}
          getControlProps={(control) => ({
            'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
          })}
        />
      )}
      <Dialog
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={`On pay calculation${viewing?.name ? ` of ${viewing.name}` : ''}`}
      >
        {viewing && <OnpayCalculation orderId={viewing.orderId} />}
      </Dialog>
    </Stack>
  );
}
