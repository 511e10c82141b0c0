import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, useMantineTheme } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

import {
  entryAmount,
  type StatementCreditEntry,
  type StatementEntry,
  type StatementOrderEntry,
} from '@bloomline/contract';

import { paths } from '@/lib/paths';
import { DateText, EMPTY_TEXT, filledColours, Money, readableShade } from '@/ui';

import { OnpayButton } from './onpay-button';

/** What each kind of entry is called on its card. */
export const ENTRY_LABELS: Record<StatementEntry['type'], string> = {
  order: 'Order',
  refund: 'Refund',
  payment: 'EFT payment',
  wholesale: 'Wholesale purchase',
  instore: 'In-store order',
};

const ENTRY_COLOURS: Record<StatementEntry['type'], string> = {
  order: 'blue',
  refund: 'orange',
  payment: 'teal',
  wholesale: 'grape',
  instore: 'cyan',
};

/** The amount an entry adds to (or takes from) the month: named for what the entry is (issue 35). */
export const AMOUNT_LABEL = 'Total paid (incl VAT)';
export const UNPAID_LABEL = 'On pay due (incl VAT)';
export const DEDUCTION_LABEL = 'Deduction';
export const PAYMENT_LABEL = 'Paid to you';

export function amountLabel(entry: StatementEntry): string {
  switch (entry.type) {
    case 'order':
      return entry.bill ? (entry.bill.paid ? AMOUNT_LABEL : UNPAID_LABEL) : DEDUCTION_LABEL;
    case 'payment':
      return PAYMENT_LABEL;
    default:
      return DEDUCTION_LABEL;
  }
}

/** Whether a deduction was taken off a payout yet. */
const settledText = (settled: boolean) => (settled ? 'Taken off a payout' : 'Not yet');

/** As many columns of 9 rem as fit: two on a phone, four or more on a desktop. */
const FIELDS_GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: '6px var(--mantine-spacing-md)',
};

type Field = { key: string; label: string; value: ReactNode };

function Fields({ fields }: { fields: Field[] }) {
  return (
    <Box component="dl" m={0} style={FIELDS_GRID}>
      {fields.map((f) => (
        <div key={f.key}>
          <Text component="dt" size="xs" fw={600} c="gray.7">
            {f.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {f.value ?? EMPTY_TEXT}
          </Text>
        </div>
      ))}
    </Box>
  );
}

function TypeBadge({ type }: { type: StatementEntry['type'] }) {
  const theme = useMantineTheme();
  const { background, text } = filledColours(theme, ENTRY_COLOURS[type]);
  return (
    <Badge variant="filled" color={background} c={text} radius="sm">
      {ENTRY_LABELS[type]}
    </Badge>
  );
}

function PaidBadge({ date }: { date: string | null }) {
  const theme = useMantineTheme();
  const { background, text } = filledColours(theme, 'green.8');
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="filled" color={background} c={text} radius="sm">
        Paid
      </Badge>
      {date && <DateText value={date} format="date" style={{ fontSize: 'var(--mantine-font-size-sm)' }} />}
    </Group>
  );
}

function OrderLink({ order }: { order: { id: number; name: string } }) {
  const theme = useMantineTheme();
  return (
    <Anchor component={Link} to={paths.order(order.id)} fw={700} c={readableShade(theme, theme.primaryColor)}>
      {order.name}
    </Anchor>
  );
}

/** The card's head: what the entry is, its title, and its amount at the right. */
function Head({ entry, title, sub }: { entry: StatementEntry; title: ReactNode; sub?: ReactNode }) {
  const amount = entryAmount(entry);
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <TypeBadge type={entry.type} />
          {title}
        </Group>
        {sub && (
          <Text size="sm" c="gray.7">
            {sub}
          </Text>
        )}
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text size="xs" c="gray.7">
          {amountLabel(entry)}
        </Text>
        <Text fw={700} c={amount < 0 ? 'red.9' : undefined} data-amount>
          <Money value={amount} />
        </Text>
      </Stack>
    </Group>
  );
}

const recipient = (order: StatementOrderEntry['order']) =>
  [order.firstName, order.lastName].filter(Boolean).join(' ') || null;

function OrderEntry({ entry }: { entry: StatementOrderEntry }) {
  const { order, bill } = entry;
  const fields: Field[] = [
    { key: 'delivery', label: 'Delivery date', value: <DateText value={order.deliveryDate} format="date" /> },
    { key: 'onpay', label: 'On pay', value: <OnpayButton order={order} /> },
    {
      key: 'value',
      // Part 2: the order's value incl. delivery less the credit notes on it (what the customer's order is
      // worth to the partner's account after corrections).
      label:
        entry.creditNotes.length > 0
          ? 'Order value (incl delivery) less credit notes'
          : 'Order value (incl delivery)',
      value: (
        <Money
          value={
            (Math.round(order.totalValue * 100) -
              entry.creditNotes.reduce((sum, n) => sum + Math.round(n.amount * 100), 0)) /
            100
          }
        />
      ),
    },
    {
      key: 'paid',
      label: 'Paid',
      value: bill ? bill.paid ? <PaidBadge date={bill.date} /> : 'Not yet' : 'Billed in its own month',
    },
    ...entry.creditNotes.map((note) => ({
      key: `note-${String(note.id)}`,
      label: DEDUCTION_LABEL,
      value: (
        <>
          <Money value={-note.amount} />
          <Text component="span" display="block" size="xs" c="gray.7">
            {note.settled ? 'Taken off a payout' : 'Not yet taken off a payout'}
          </Text>
          {note.description && (
            <Text component="span" display="block" size="xs" c="gray.7">
              {note.description}
            </Text>
          )}
        </>
      ),
    })),
  ];
  return (
    <>
      <Head entry={entry} title={<OrderLink order={order} />} sub={recipient(order)} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Box style={{ flex: '1 1 18rem' }}>
          <Fields fields={fields} />
        </Box>
        <Button
          component={Link}
          to={paths.order(order.id)}
          size="compact-sm"
          variant="default"
          leftSection={<IconEye size={14} aria-hidden />}
          aria-label={`View ${order.name}`}
          ml="auto"
        >
          View
        </Button>
      </Group>
    </>
  );
}

function CreditEntry({ entry }: { entry: StatementCreditEntry }) {
  return (
    <>
      <Head
        entry={entry}
        title={entry.order ? <OrderLink order={entry.order} /> : null}
        sub={entry.creditNote.description}
      />
      <Fields
        fields={[
          { key: 'date', label: 'Date', value: <DateText value={entry.date} format="date" /> },
          { key: 'settled', label: 'Settled', value: settledText(entry.creditNote.settled) },
        ]}
      />
    </>
  );
}

function EntryBody({ entry }: { entry: StatementEntry }) {
  switch (entry.type) {
    case 'order':
      return <OrderEntry entry={entry} />;
    case 'refund':
      return (
        <>
          <Head entry={entry} title={<OrderLink order={entry.order} />} sub={entry.name} />
          <Fields
            fields={[
              { key: 'date', label: 'Processed', value: <DateText value={entry.date} format="date" /> },
              { key: 'settled', label: 'Settled', value: settledText(entry.settled) },
            ]}
          />
        </>
      );
    case 'payment':
      return (
        <>
          <Head entry={entry} title={null} sub={entry.reference} />
          <Fields
            fields={[
              { key: 'date', label: 'Paid date', value: <DateText value={entry.date} format="date" /> },
            ]}
          />
        </>
      );
    default:
      return <CreditEntry entry={entry} />;
  }
}

/** One entry of a statement, laid out for its type, as an item of the entries' list. */
export function StatementEntryCard({ entry }: { entry: StatementEntry }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }} data-entry={entry.key}>
      <Stack gap="sm">
        <EntryBody entry={entry} />
      </Stack>
    </Paper>
  );
}
