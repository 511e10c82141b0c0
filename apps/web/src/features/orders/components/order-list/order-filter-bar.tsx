// The date pickers' styles load with the screens that show one (main.tsx has Mantine's core styles).
import '@mantine/dates/styles.css';

import { Group } from '@mantine/core';

import { useUser } from '@/session/session-context';
import { SearchInput } from '@/ui';
import { DateField } from '@/ui/date-input';
import type { OrderListParams } from '@/lib/query-keys';

import { isLineStatusFilter } from './list-options';
import { PartnerPicker } from './partner-picker';
import { ProfitCentrePicker } from './profit-centre-picker';
import { SortToggle } from './sort-toggle';
import { StatusFilterDialog } from './status-filter-dialog';
import type { ListPatch } from './use-order-list-params';

export type OrderFilterBarProps = {
  params: OrderListParams;
  update: (patch: ListPatch) => void;
  /** The dates must stay set (the delivery screen). */
  requireDates?: boolean;
};

const DAY_FORMAT = 'ddd DD MMM YYYY';
const fieldWidth = { base: '100%', xs: 'calc(50% - var(--mantine-spacing-sm) / 2)', md: 200 };

/** Search, delivery-date range, sort, line-status Filter and (staff) partner: the controls of every order list. */
export function OrderFilterBar({ params, update, requireDates = false }: OrderFilterBarProps) {
  const user = useUser();
  const dateProps = { valueFormat: DAY_FORMAT, clearable: !requireDates, w: fieldWidth } as const;

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Order filters">
      <SearchInput
        value={params.q ?? ''}
        onSearch={(q) => update({ q })}
        label="Search orders"
        showLabel
        placeholder="Order number, name, phone…"
        w={{ base: '100%', md: 260 }}
      />
      <DateField
        label="Start date"
        placeholder="Any"
        value={params.sd ?? null}
        maxDate={params.ed}
        onChange={(sd) => update({ sd: sd ?? undefined })}
        {...dateProps}
      />
      <DateField
        label="End date"
        placeholder="Any"
        value={params.ed ?? null}
        minDate={params.sd}
        onChange={(ed) => update({ ed: ed ?? undefined })}
        {...dateProps}
      />
      {user.isStaff && (
        <PartnerPicker value={params.p} onChange={(p) => update({ p })} w={{ base: '100%', md: 240 }} />
      )}
      {user.isStaff && (
        <ProfitCentrePicker
          value={params.pc}
          onChange={(pc) => update({ pc })}
          w={{ base: '100%', md: 200 }}
        />
      )}
      <Group gap="sm" wrap="wrap">
        <SortToggle s={params.s} d={params.d} onChange={({ s, d }) => update({ s, d })} />
        <StatusFilterDialog
          value={isLineStatusFilter(params.status) ? params.status : undefined}
          onChange={(status) => update({ status })}
        />
      </Group>
    </Group>
  );
}
