import '@mantine/dates/styles.css';

import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { formatMoney, type PayoutCreated, type PayoutDue } from '@bloomline/contract';

import { paths } from '@/lib/paths';
import { useSession } from '@/session/session-context';
import { DataTable, DownloadButton, Money, PageTitle, todayInJohannesburg, type DataColumn } from '@/ui';
import { DateField } from '@/ui/date-input';

import { bankFilePath, usePayoutDues } from '../api/payouts';
import { PayoutHistory } from '../components/payout-history';
import { BankStateCell } from '../components/bank-state-cell';
import { RECORD_PAYOUT, RecordPayoutDialog } from '../components/record-payout-dialog';

export const PAYOUTS_TITLE = 'Payouts';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A partner can be paid when something is due into complete, confirmed bank details (issue 46). */
const payable = (d: PayoutDue) => d.due > 0 && d.bankState === 'ready';

/**
 * /payouts (staff with managePayouts): what each partner is due for bills less deductions up to a day, the
 * partners chosen paid with one payout (a confirmation naming the total), its bank file, and the history.
 * "Up to" and the history's page live in the address.
 */
export function PayoutsPage() {
  const { user } = useSession();
  if (!user?.permissions.managePayouts)
    return (
      <Stack gap="md">
        <PageTitle title={PAYOUTS_TITLE} />
        <Text>Payouts are not available to you: ask an administrator for the payouts permission.</Text>
      </Stack>
    );
  return <Payouts />;
}

function Payouts() {
  const [params, setParams] = useSearchParams();
  const today = todayInJohannesburg();
  const asked = params.get('upTo') ?? '';
  const upTo = DAY.test(asked) && asked <= today ? asked : today;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const dues = usePayoutDues(upTo);
  const [chosen, setChosen] = useState<ReadonlySet<number> | null>(null);
  const [dialog, setDialog] = useState(false);
  const [recorded, setRecorded] = useState<PayoutCreated | null>(null);

  const rows = dues.data;
  // Until someone chooses, every partner that can be paid is chosen.
  const selected = chosen ?? new Set((rows ?? []).filter(payable).map((d) => d.partner.id));
  const toPay = (rows ?? []).filter((d) => payable(d) && selected.has(d.partner.id));
  const total = toPay.reduce((s, d) => s + Math.round(d.due * 100), 0) / 100;
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const setAddress = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes))
        if (value === null) next.delete(key);
        else next.set(key, value);
      return next;
    });

  const columns: DataColumn<PayoutDue>[] = [
    {
      key: 'pay',
      header: 'Pay',
      width: 56,
      render: (d) => (
        <Checkbox
          aria-label={`Pay ${d.partner.name}`}
          checked={payable(d) && selected.has(d.partner.id)}
          disabled={!payable(d)}
          onChange={(e) => toggle(d.partner.id, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'partner',
      header: 'Partner',
      render: (d) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={paths.partners.edit(d.partner.id)} size="sm" fw={500}>
            {d.partner.name}
          </Anchor>
          {/* Issue 46: a disabled partner is still paid what they are owed, but staff see it. */}
          {d.enabled === false && (
            <Badge color="gray" variant="outline" size="sm">
              Disabled
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'bills', header: 'Bills', align: 'right', render: (d) => <Money value={d.bills} /> },
    {
      key: 'deductions',
      header: 'Deductions',
      align: 'right',
      render: (d) => <Money value={-d.deductions} />,
    },
    {
      key: 'due',
      header: 'Due',
      align: 'right',
      render: (d) =>
        d.due > 0 ? (
          <Money value={d.due} style={{ fontWeight: 600 }} />
        ) : (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            <Money value={d.due} />
            <Text span size="xs" c="gray.7">
              (carried)
            </Text>
          </Group>
        ),
    },
    {
      key: 'bank',
      header: 'Bank details',
      render: (d) => <BankStateCell due={d} />,
    },
  ];

  return (
    <Stack gap="md">
      <PageTitle title={PAYOUTS_TITLE} />
      <Text size="sm" c="dimmed">
        Each partner is paid their unpaid bills less their deductions not yet settled, up to the day chosen. A
        partner whose due is not above R 0,00 is carried to the next payout.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateField
          label="Up to"
          value={upTo}
          maxDate={today}
          valueFormat="ddd DD MMM YYYY"
          onChange={(value) => {
            setChosen(null);
            setAddress({ upTo: value && value !== today ? value : null });
          }}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      {recorded && (
        <Alert color="teal" title="Payout recorded" role="status">
          <Stack gap="xs">
            <Text size="sm">
              {formatMoney(recorded.payments.reduce((s, p) => s + Math.round(p.amount * 100), 0) / 100)} paid
              to {recorded.payments.map((p) => p.partner.name).join(', ')}. Each was sent a remittance e-mail.
            </Text>
            <div>
              <DownloadButton
                path={bankFilePath(recorded.id)}
                fallbackName={`payout-${String(recorded.id)}.csv`}
              >
                Download bank file
              </DownloadButton>
            </div>
          </Stack>
        </Alert>
      )}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(d) => d.partner.id}
        query={dues}
        showError="without-rows"
        empty="Nothing is due up to this day."
        caption={`Due up to ${upTo}`}
        minWidth={760}
      />
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              Chosen: {toPay.length} {toPay.length === 1 ? 'partner' : 'partners'}, <Money value={total} />
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => setChosen(null)}>
              Choose all
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setChosen(new Set())}>
              Choose none
            </Button>
          </Group>
          <Button
            onClick={() => setDialog(true)}
            disabled={toPay.length === 0}
            w={{ base: '100%', xs: 'auto' }}
          >
            {RECORD_PAYOUT}
          </Button>
        </Group>
      </Paper>
      <RecordPayoutDialog
        opened={dialog}
        onClose={() => setDialog(false)}
        upTo={upTo}
        partners={toPay.map((d) => ({ id: d.partner.id, name: d.partner.name, due: d.due }))}
        onRecorded={(payout) => {
          setRecorded(payout);
          setChosen(null);
        }}
      />
      <PayoutHistory page={page} onPage={(p) => setAddress({ page: p === 1 ? null : String(p) })} />
    </Stack>
  );
}
