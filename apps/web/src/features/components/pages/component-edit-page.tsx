import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { PageTitle } from '@/ui';
import { RecordState } from '@/ui/form';

import { useComponentDetail } from '../api/get-component';
import { ComponentForm } from '../components/component-form';

function FormFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={880}>
      <PageTitle title={title} breadcrumbs={[{ label: 'Components', to: '/components' }, { label: title }]} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {children}
      </Paper>
    </Stack>
  );
}

/** /components/add. */
export function ComponentAddPage() {
  return (
    <FormFrame title="Add component">
      <ComponentForm />
    </FormFrame>
  );
}

/** /components/{id}. */
export function ComponentEditPage() {
  const component = useComponentDetail(Number(useParams().id));
  return (
    <FormFrame title="Edit component">
      <RecordState
        query={component}
        record={component.data}
        missing="This component does not exist. It may have been deleted."
      >
        {/* Keyed by record, so a different component starts from its own values. */}
        {(record) => <ComponentForm key={record.id} component={record} />}
      </RecordState>
    </FormFrame>
  );
}
