import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { PageTitle } from '@/ui';
import { RecordState } from '@/ui/form';

import { useColourDetail } from '../api/get-colour';
import { ColourForm } from '../components/colour-form';

function FormFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={640}>
      <PageTitle title={title} breadcrumbs={[{ label: 'Colours', to: '/colours' }, { label: title }]} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {children}
      </Paper>
    </Stack>
  );
}

/** /colours/add. */
export function ColourAddPage() {
  return (
    <FormFrame title="Add colour">
      <ColourForm />
    </FormFrame>
  );
}

/** /colours/{id}. */
export function ColourEditPage() {
  const colour = useColourDetail(Number(useParams().id));
  return (
    <FormFrame title="Edit colour">
      <RecordState
        query={colour}
        record={colour.data}
        missing="This colour does not exist. It may have been deleted."
      >
        {/* Keyed by record, so a different colour starts from its own values. */}
        {(record) => <ColourForm key={record.id} colour={record} />}
      </RecordState>
    </FormFrame>
  );
}
