import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '@/test/render';

import { formatMoney, Money } from './money';

describe('formatMoney', () => {
  it('shows rand with a space between thousands and a decimal comma', () => {
    expect(formatMoney(1234.5)).toBe('R 1 234,50');
    expect(formatMoney(1234567.891)).toBe('R 1 234 567,89');
    expect(formatMoney(0)).toBe('R 0,00');
  });

  it('shows negative amounts with a minus', () => {
    expect(formatMoney(-99.9)).toBe('-R 99,90');
  });

  it('accepts numeric strings and shows a dash for missing values', () => {
    expect(formatMoney('450.00')).toBe('R 450,00');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(undefined)).toBe('—');
    expect(formatMoney('abc')).toBe('—');
  });
});

describe('<Money>', () => {
  it('renders the formatted amount', () => {
    renderUi(<Money value={1234.5} />);
    expect(screen.getByText('R 1 234,50')).toBeInTheDocument();
  });

  it('renders a dash when there is no amount', () => {
    renderUi(<Money value={null} data-testid="total" />);
    expect(screen.getByTestId('total')).toHaveTextContent('—');
  });
});
