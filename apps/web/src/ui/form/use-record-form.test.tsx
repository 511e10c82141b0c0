import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { api } from '@/api/client';
import { resourceKeys } from '@/lib/query-keys';
import { stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { ApiForm } from './api-form';
import { useRecordForm } from './use-record-form';

afterEach(() => vi.restoreAllMocks());

const thingKeys = resourceKeys('things');

function ThingForm() {
  const controller = useRecordForm({
    list: '/things',
    initialValues: { name: 'Rose' },
    submit: (values) => api.post<{ data: { id: number } }>('/api/things', values).then((r) => r.data),
    touches: (saved) => [{ keys: thingKeys, id: saved.id }],
  });
  return (
    <ApiForm
      controller={controller}
      label="Thing"
      buttons={{ submitLabel: 'Save', onCancel: controller.cancel }}
    >
      <TextInput label="Name" {...controller.form.getInputProps('name')} />
    </ApiForm>
  );
}

const open = () =>
  renderApp(<ThingForm />, { history: ['/things/4'], path: '/things/:id', others: { '/things': <Where /> } });

describe('useRecordForm', () => {
  it('after a save refreshes what it touched and shows the list in its place', async () => {
    stubApi(() => ({ status: 201, body: { data: { id: 4 } } }));
    const { queryClient, router } = open();
    queryClient.setQueryData(thingKeys.detail(4), { id: 4 });
    queryClient.setQueryData(thingKeys.list({}), []);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status', { name: 'Location' })).toHaveTextContent('/things');
    expect(queryClient.getQueryState(thingKeys.detail(4))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(thingKeys.list({}))?.isInvalidated).toBe(true);
    // Replaced: Back does not return to the saved form.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('cancels to the list when the page was opened cold', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('status', { name: 'Location' })).toHaveTextContent('/things');
  });
});
