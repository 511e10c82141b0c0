import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { axeViolations } from '@/test/axe';
import { renderApp, Where } from '@/test/render';

import { DateRangeFilter, useDateRange } from './date-range-filter';

/** A report as the next screens will be: the filter, and what it loads only for a range in order. */
function Report() {
  const { range, inOrder, setRange } = useDateRange();
  return (
    <>
      <DateRangeFilter value={range} onChange={setRange} />
      <Where />
      <p>{inOrder ? `Loading ${range.startDate ?? 'any'} to ${range.endDate ?? 'any'}` : 'Nothing loaded'}</p>
    </>
  );
}

const where = () => screen.getByRole('status', { name: 'Location' }).textContent;
const field = (name: 'Start date' | 'End date') => screen.getByRole('button', { name });

async function pick(name: 'Start date' | 'End date', day: string) {
  await userEvent.click(field(name));
  await userEvent.click(await screen.findByRole('button', { name: day }));
}

const filter = () => userEvent.click(screen.getByRole('button', { name: 'Filter' }));

describe('DateRangeFilter with useDateRange', () => {
  // Only the clock is fixed (the calendars open on May 2026); timers stay real for userEvent.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-15T10:00:00+02:00') }));
  afterEach(() => vi.useRealTimers());

  it('puts the set dates in the address, leaves an open end out, and keeps the other filters', async () => {
    renderApp(<Report />, { history: ['/reporting/partner-orders?status=3'] });
    await pick('Start date', '1 May 2026');
    await pick('End date', '31 May 2026');
    await filter();
    expect(where()).toBe('/reporting/partner-orders?status=3&startDate=2026-05-01&endDate=2026-05-31');
    expect(screen.getByText('Loading 2026-05-01 to 2026-05-31')).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'Clear date' })[0]!);
    await filter();
    expect(where()).toBe('/reporting/partner-orders?status=3&endDate=2026-05-31');
    expect(screen.getByText('Loading any to 2026-05-31')).toBeInTheDocument();
  });

  it('shows the range again after a reload and the previous one after back', async () => {
    const { router, unmount } = renderApp(<Report />, {
      history: ['/reporting/component-sales', '/reporting/component-sales?startDate=2026-05-01'],
    });
    expect(field('Start date')).toHaveTextContent('01 May 2026');
    await pick('End date', '10 May 2026');
    await filter();
    expect(where()).toBe('/reporting/component-sales?startDate=2026-05-01&endDate=2026-05-10');

    await act(() => router.navigate(-1));
    expect(where()).toBe('/reporting/component-sales?startDate=2026-05-01');
    expect(field('Start date')).toHaveTextContent('01 May 2026');
    expect(field('End date')).toHaveTextContent('Any');

    // A reload is the screen mounted anew from the address.
    unmount();
    renderApp(<Report />, {
      history: ['/reporting/component-sales?startDate=2026-05-01&endDate=2026-05-10'],
    });
    expect(field('Start date')).toHaveTextContent('01 May 2026');
    expect(field('End date')).toHaveTextContent('10 May 2026');
  });

  it('refuses an end before the start under the end date, and loads nothing for it', async () => {
    const { container } = renderApp(<Report />, { history: ['/reporting/partner-sales'] });
    expect(screen.getByText('Loading any to any')).toBeInTheDocument();
    await pick('Start date', '20 May 2026');
    await pick('End date', '10 May 2026');
    await filter();
    expect(screen.getByText('End date cannot be before the start date.')).toBeInTheDocument();
    expect(field('End date')).toHaveAttribute('aria-invalid', 'true');
    // The report under it is not the last period's any more: it loads nothing (issue 36).
    expect(screen.getByText('Nothing loaded')).toBeInTheDocument();
    expect(where()).toBe('/reporting/partner-sales?startDate=2026-05-20&endDate=2026-05-10');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('explains a back-to-front range typed into the address and loads nothing', async () => {
    renderApp(<Report />, { history: ['/reporting/x?startDate=2026-05-20&endDate=2026-05-10'] });
    expect(screen.getByText('End date cannot be before the start date.')).toBeInTheDocument();
    expect(screen.getByText('Nothing loaded')).toBeInTheDocument();
  });

  it('reads a malformed date in the address as an open end', () => {
    renderApp(<Report />, { history: ['/reporting/x?startDate=2026-02-30&endDate=2026-05-10'] });
    expect(field('Start date')).toHaveTextContent('Any');
    expect(screen.getByText('Loading any to 2026-05-10')).toBeInTheDocument();
  });
});
