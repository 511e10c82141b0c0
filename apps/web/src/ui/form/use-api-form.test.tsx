import { Button, TextInput } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { measureUnitBody } from '@bloomline/contract';

import { api } from '@/api/client';
import { bodyOf, invalid, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { ApiForm, FormButtons, UNSAVED_TITLE } from './api-form';
import { useApiForm } from './use-api-form';

afterEach(() => vi.restoreAllMocks());

function UnitForm({ onSaved = () => undefined }: { onSaved?: () => void }) {
  const controller = useApiForm({
    initialValues: { name: 'Stem', short_code: 'st' },
    schema: measureUnitBody,
    submit: (values) => api.post('/api/measure-units', values),
    onSuccess: onSaved,
  });
  return (
    <>
      <Notifications />
      <ApiForm
        controller={controller}
        label="Unit"
        actions={
          <FormButtons
            submitLabel="Save"
            cancelLabel="Cancel"
            onCancel={() => undefined}
            pending={controller.pending}
          />
        }
      >
        <TextInput label="Name" {...controller.form.getInputProps('name')} />
        <TextInput label="Short code" {...controller.form.getInputProps('short_code')} />
      </ApiForm>
      <Button component={Link} to="/elsewhere">
        Elsewhere
      </Button>
    </>
  );
}

const render = () => renderApp(<UnitForm />, { others: { '/elsewhere': <Where /> } });

describe('useApiForm', () => {
  it('starts from the record and checks with the contract in the server words, sending nothing', async () => {
    const spy = stubApi(() => ({ status: 201, body: { data: {} } }));
    render();
    expect(await screen.findByLabelText('Name')).toHaveValue('Stem');
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('puts a 422 bag under the fields', async () => {
    stubApi(() => invalid({ name: ['This name is already taken.'] }));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This name is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other failure once, in the form error', async () => {
    stubApi(() => ({ status: 403, body: { message: 'This action is unauthorized.' } }));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This action is unauthorized.');
  });

  it('disables submit while the call runs, and sends the values', async () => {
    let answer: (() => void) | undefined;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = () => resolve(new Response(JSON.stringify({ data: {} }), { status: 201 }));
        }),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(bodyOf(spy.mock.calls[0]?.[1])).toEqual({ name: 'Stem', short_code: 'st' });
    answer?.();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('asks before leaving with unsaved changes, and stays or leaves as told', async () => {
    render();
    await userEvent.type(await screen.findByLabelText('Name'), 's');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('dialog', { name: UNSAVED_TITLE })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Name')).toHaveValue('Stems');

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/elsewhere');
  });

  it('guards again when a form that stayed after saving is changed', async () => {
    stubApi(() => ({ status: 201, body: { data: {} } }));
    render();
    await userEvent.type(await screen.findByLabelText('Name'), 's');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await userEvent.type(screen.getByLabelText('Name'), '!');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('dialog', { name: UNSAVED_TITLE })).toBeInTheDocument();
  });

  it('lets a clean form go without asking', async () => {
    render();
    await userEvent.click(await screen.findByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/elsewhere');
  });

  it('says "Saved." once after a save', async () => {
    notifications.clean();
    stubApi(() => ({ status: 201, body: { data: {} } }));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Saved.')).toHaveLength(1);
  });

  it('says nothing after a failed save', async () => {
    notifications.clean();
    stubApi(() => invalid({ name: ['This name is already taken.'] }));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This name is already taken.')).toBeInTheDocument();
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('checks a field as it is left, in the server words, before anything is sent', async () => {
    const spy = stubApi(() => ({ status: 201, body: { data: {} } }));
    render();
    await userEvent.clear(await screen.findByLabelText('Name'));
    await userEvent.tab();
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });
});
