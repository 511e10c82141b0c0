import { Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';

import type { Component, ComponentRate } from '@bloomline/contract';

import { useProfitCentres } from '@/api/lookups/profit-centres';
import { useUser } from '@/session/session-context';
import { Money, PageTitle, QueryError } from '@/ui';
import { RecordState } from '@/ui/form';
import { paths } from '@/lib/paths';

import { useComponentDetail } from '../api/get-component';
import { useComponentRates } from '../api/get-component-rates';
import { RateForm } from '../components/rate-form';
import { RateTable } from '../components/rate-table';

export const RATES_BREADCRUMBS = [
  { label: 'COMPONENTS', to: paths.components.list },
  { label: 'COMPONENT RATES' },
];

function Rates({ component }: { component: Component }) {
  const { settings } = useUser();
  const rates = useComponentRates(component.id);
  const centres = useProfitCentres();
  const [editing, setEditing] = useState<ComponentRate | null>(null);
  // A new key after each save or cancel starts the form afresh, in add mode.
  const [round, setRound] = useState(0);
  const done = () => {
    setEditing(null);
    setRound((n) => n + 1);
  };

  let form;
  if (centres.isPending || rates.isPending)
    form = (
      <Center py="md">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  else if (centres.isError) form = <QueryError query={centres} />;
  else
    form = (
      <RateForm
        key={`${String(editing?.id ?? 'add')}-${String(round)}`}
        component={component}
        centres={centres.data}
        rates={rates.data ?? []}
        editing={editing}
        vat={settings.vat}
        onDone={done}
      />
    );

  return (
    <>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Title order={2} size="h3">
          {component.name}
        </Title>
        <Text c="dimmed">
          Wholesale (excl. VAT) <Money value={component.wholesale_excl_vat} />
        </Text>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {form}
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <RateTable
          componentId={component.id}
          rates={rates.data}
          query={rates}
          editingId={editing?.id ?? null}
          onEdit={(rate) => {
            setEditing(rate);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </Paper>
    </>
  );
}

/** /componentrates/{id}: a component's rates per profit centre, and the form that adds or changes one. */
export function ComponentRatesPage() {
  const component = useComponentDetail(Number(useParams().id));
  return (
    <Stack gap="md">
      <PageTitle title="Component rates" breadcrumbs={RATES_BREADCRUMBS} />
      <RecordState
        query={component}
        record={component.data}
        missing="This component does not exist. It may have been removed."
      >
        {(c) => <Rates key={c.id} component={c} />}
      </RecordState>
    </Stack>
  );
}
