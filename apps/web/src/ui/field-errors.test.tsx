import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ErrorBag } from '@bloomline/contract';

import { renderUi } from '@/test/render';

import { fieldError, FieldErrors } from './field-errors';

const bag: ErrorBag = {
  email: ['Email is required.', 'Email must be a valid email address.'],
  password: ['Password is required.'],
};

describe('<FieldErrors>', () => {
  it('lists the messages of one field in an alert', () => {
    renderUi(<FieldErrors errors={bag} field="email" />);
    const alert = screen.getByRole('alert');
    const items = within(alert).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(bag.email);
    expect(screen.queryByText('Password is required.')).not.toBeInTheDocument();
  });

  it('renders nothing when the field has no errors', () => {
    renderUi(<FieldErrors errors={bag} field="name" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    renderUi(<FieldErrors errors={null} field="email" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('fieldError', () => {
  it('joins the messages of a field for an input', () => {
    expect(fieldError(bag, 'password')).toBe('Password is required.');
    expect(fieldError(bag, 'email')).toBe('Email is required. Email must be a valid email address.');
    expect(fieldError(bag, 'name')).toBeUndefined();
    expect(fieldError(undefined, 'email')).toBeUndefined();
  });
});
