import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/api/client';

import { renderOrders, stubApi } from '../../orders.test-support';
import { RejectDialog } from './reject-dialog';

afterEach(() => vi.restoreAllMocks());

const reasons = ['Out of stock on the flowers', 'No driver today'];

describe('<RejectDialog>', () => {
  it('reveals a text box for Other and sends what was typed', async () => {
    stubApi((url) => (url.pathname === '/api/order-line-reject-reasons' ? { body: reasons } : undefined));
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    renderOrders(<RejectDialog opened onClose={onClose} title="Reject order" onSubmit={onSubmit} />);

    expect(await screen.findByRole('radio', { name: 'No driver today' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: /Other reason/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    const text = screen.getByRole('textbox', { name: /Other reason/ });
    expect(submit).toBeDisabled();
    await userEvent.type(text, 'Florist is ill');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith('Florist is ill');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends a listed reason as it is and shows a 422 for reason', async () => {
    stubApi((url) => (url.pathname === '/api/order-line-reject-reasons' ? { body: reasons } : undefined));
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(422, 'Invalid', { reason: ['Reason is required.'] }));
    renderOrders(<RejectDialog opened onClose={() => undefined} title="Reject item" onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'No driver today' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith('No driver today');
    expect(await screen.findByText('Reason is required.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reject item' })).toBeInTheDocument();
  });

  it('refuses a reason over 500 characters under the field, as typed, and sends nothing', async () => {
    stubApi((url) => (url.pathname === '/api/order-line-reject-reasons' ? { body: reasons } : undefined));
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderOrders(<RejectDialog opened onClose={() => undefined} title="Reject order" onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Other' }));
    const text = screen.getByRole('textbox', { name: /Other reason/ });
    await userEvent.click(text);
    await userEvent.paste('r'.repeat(501));
    expect(text).toHaveValue('r'.repeat(501));
    expect(screen.getByText('Reason can have at most 500 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows any other failure in the form error and stays open', async () => {
    stubApi((url) => (url.pathname === '/api/order-line-reject-reasons' ? { body: reasons } : undefined));
    const onSubmit = vi.fn().mockRejectedValue(new Error('The server did not answer.'));
    const onClose = vi.fn();
    renderOrders(<RejectDialog opened onClose={onClose} title="Reject item" onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'No driver today' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server did not answer.');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});
