import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/api/client';
import { aQuery } from '@/test/query';
import { renderUi } from '@/test/render';

import { FormPage } from './form-page';

type Thing = { id: number; name: string };
const settled = aQuery();
const parent = { label: 'Things', to: '/things' };

/** A form holding what is typed, so a remount shows as the typing gone. */
const ThingForm = ({ thing }: { thing: Thing }) => <TextInput label="Name" defaultValue={thing.name} />;

const page = (query: typeof settled, record: Thing | undefined) => (
  <FormPage
    title="Edit thing"
    parent={parent}
    width={640}
    query={query}
    record={record}
    missing="No such thing."
  >
    {(found) => <ThingForm thing={found} />}
  </FormPage>
);

describe('FormPage', () => {
  it('names the page and links back to its list', () => {
    renderUi(
      <FormPage title="Add thing" parent={parent} width={640}>
        <p>the form</p>
      </FormPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Add thing' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Things/Add thing');
    expect(screen.getByRole('link', { name: 'Things' })).toHaveAttribute('href', '/things');
    expect(screen.getByText('the form')).toBeInTheDocument();
  });

  it('shows a spinner while the record loads', () => {
    renderUi(page({ ...settled, isLoading: true }, undefined));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('says so when there is no such record (404)', () => {
    const error = new ApiError(404, 'Not Found');
    renderUi(page({ ...settled, isError: true, error }, undefined));
    expect(screen.getByText('No such thing.')).toBeInTheDocument();
  });

  it('offers Retry when the record could not be read', async () => {
    const refetch = vi.fn();
    const error = new ApiError(500, 'Server Error');
    renderUi(page({ ...settled, isError: true, error, refetch }, undefined));
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(refetch).toHaveBeenCalled();
  });

  it('starts the form again from another record', async () => {
    function Switcher() {
      const [record, setRecord] = useState<Thing>({ id: 1, name: 'One' });
      return (
        <>
          <button type="button" onClick={() => setRecord({ id: 1, name: 'One again' })}>
            Same
          </button>
          <button type="button" onClick={() => setRecord({ id: 2, name: 'Two' })}>
            Other
          </button>
          {page(settled, record)}
        </>
      );
    }
    renderUi(<Switcher />);
    await userEvent.type(screen.getByLabelText('Name'), ' typed');
    await userEvent.click(screen.getByRole('button', { name: 'Same' }));
    expect(screen.getByLabelText('Name')).toHaveValue('One typed');
    await userEvent.click(screen.getByRole('button', { name: 'Other' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Two');
  });
});
