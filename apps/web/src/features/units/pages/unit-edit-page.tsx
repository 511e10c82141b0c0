import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { PageTitle } from '@/ui';
import { RecordState } from '@/ui/form';

import { useUnits } from '../api/get-units';
import { UnitForm } from '../components/unit-form';

const crumbs = (current: string) => [{ label: 'Units of measure', to: '/units' }, { label: current }];

function FormFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={640}>
      <PageTitle title={title} breadcrumbs={crumbs(title)} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {children}
      </Paper>
    </Stack>
  );
}

/** /units/add. */
export function UnitAddPage() {
  return (
    <FormFrame title="Add unit of measure">
      <UnitForm />
    </FormFrame>
  );
}

/** /units/{id}: the unit is found by id in the loaded list (part 2). */
export function UnitEditPage() {
  const id = Number(useParams().id);
  const units = useUnits();
  return (
    <FormFrame title="Edit unit of measure">
      <RecordState
        query={units}
        record={units.data?.find((u) => u.id === id)}
        missing="This unit of measure does not exist. It may have been deleted."
      >
        {/* Keyed by record, so a different unit starts from its own values. */}
        {(unit) => <UnitForm key={unit.id} unit={unit} />}
      </RecordState>
    </FormFrame>
  );
}
