import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '@/test/render';

import { ConfirmAction } from './confirm-action';

const MESSAGE = 'You feel confident that you can fulfill the order.';

function renderAccept(onConfirm: () => Promise<unknown> | void) {
  renderUi(
    <ConfirmAction label="Accept order" title="Accept order?" message={MESSAGE} onConfirm={onConfirm} />,
  );
}

describe('<ConfirmAction>', () => {
  it('asks first and acts only after Confirm', async () => {
    const onConfirm = vi.fn();
    renderAccept(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Accept order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept order?' });
    expect(dialog).toHaveTextContent(MESSAGE);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Cancel without acting', async () => {
    const onConfirm = vi.fn();
    renderAccept(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Accept order' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows that it is working while the action runs', async () => {
    let finish: () => void = () => undefined;
    renderAccept(() => new Promise<void>((resolve) => (finish = resolve)));
    await userEvent.click(screen.getByRole('button', { name: 'Accept order' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAttribute('data-loading', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open and shows the error when the action fails', async () => {
    renderAccept(() => Promise.reject(new Error('This action is unauthorized.')));
    await userEvent.click(screen.getByRole('button', { name: 'Accept order' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This action is unauthorized.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('cannot be opened when disabled', () => {
    renderUi(
      <ConfirmAction
        label="Deliver order"
        title="Deliver?"
        message="Sure?"
        onConfirm={() => undefined}
        disabled
      />,
    );
    expect(screen.getByRole('button', { name: 'Deliver order' })).toBeDisabled();
  });
});
