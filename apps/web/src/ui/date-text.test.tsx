import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '@/test/render';

import { DateText, formatDate, formatDateTime, formatDay, todayInJohannesburg } from './date-text';

describe('date formatters', () => {
  it('shows a date-only string on its own calendar day', () => {
    expect(formatDay('2024-01-05')).toBe('Fri 05 Jan 2024');
    expect(formatDate('2024-09-30')).toBe('30 Sep 2024');
    expect(formatDateTime('2024-01-05')).toBe('Fri 05 Jan 2024 00:00');
  });

  it('shows instants on the Johannesburg clock', () => {
    expect(formatDateTime('2024-01-05T12:30:00Z')).toBe('Fri 05 Jan 2024 14:30');
    // 23:30 UTC is already the next day in Johannesburg.
    expect(formatDay('2024-01-05T23:30:00.000Z')).toBe('Sat 06 Jan 2024');
    expect(formatDate(new Date('2024-12-31T22:00:00Z'))).toBe('01 Jan 2025');
  });

  it('reads times without a zone as Johannesburg time', () => {
    expect(formatDateTime('2024-01-05 14:30:00')).toBe('Fri 05 Jan 2024 14:30');
  });

  it('shows a dash for missing or invalid values', () => {
    expect(formatDay(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDay('not a date')).toBe('—');
    expect(formatDay('2024-02-30')).toBe('—');
  });

  it('gives the day in Johannesburg', () => {
    expect(todayInJohannesburg(new Date('2024-01-05T22:30:00Z'))).toBe('2024-01-06');
    expect(todayInJohannesburg()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('<DateText>', () => {
  it('renders a time element with the machine value', () => {
    renderUi(<DateText value="2024-01-05T12:30:00Z" format="datetime" />);
    const time = screen.getByText('Fri 05 Jan 2024 14:30');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2024-01-05T12:30:00.000Z');
  });

  it('renders the day by default and keeps a date-only value as given', () => {
    renderUi(<DateText value="2024-01-05" />);
    expect(screen.getByText('Fri 05 Jan 2024')).toHaveAttribute('datetime', '2024-01-05');
  });

  it('renders a dash when there is no date', () => {
    renderUi(<DateText value={null} format="date" data-testid="delivery" />);
    expect(screen.getByTestId('delivery')).toHaveTextContent('—');
  });
});

describe('the parts read from the fixed offset', () => {
  it('are what the browser’s formatter gives in Johannesburg and for calendar days', () => {
    const zoned = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Africa/Johannesburg',
      weekday: 'short',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const viaIntl = (instant: Date) => {
      const p = Object.fromEntries(zoned.formatToParts(instant).map((x) => [x.type, x.value]));
      return `${p.weekday} ${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}`;
    };
    // Every 29 days, 4 hours and 13 minutes from 1945 to 2100: all hours of the day, weekdays and months.
    const step = ((29 * 24 + 4) * 60 + 13) * 60_000;
    for (let t = Date.UTC(1945, 0, 1); t < Date.UTC(2100, 0, 1); t += step) {
      expect(formatDateTime(new Date(t))).toBe(viaIntl(new Date(t)));
    }
    for (const t of [Date.UTC(1944, 5, 1), Date.UTC(1943, 0, 10, 23, 30), Date.UTC(9999, 11, 31, 21, 59)]) {
      expect(formatDateTime(new Date(t))).toBe(viaIntl(new Date(t)));
    }
    expect(formatDay('1943-06-01')).toBe('Tue 01 Jun 1943');
    expect(formatDay('2100-02-28')).toBe('Sun 28 Feb 2100');
  });
});
