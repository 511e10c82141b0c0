import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatCount, formatMoney } from '@bloomline/contract';

import { ApiError } from '@/api/client';
import { axeViolations } from '@/test/axe';
import { aQuery } from '@/test/query';
import { renderUi } from '@/test/render';

import { ChartFrame, type ChartFrameProps } from './chart-frame';
import { categoryTick, donutSlices, oneLine } from './chart-frame-body';

const revenue: Omit<ChartFrameProps, 'rows'> = {
  title: 'Profit centres revenue',
  kind: 'bar',
  category: 'profitCentre',
  categoryLabel: 'Profit centre',
  series: [{ name: 'revenue', label: 'Revenue' }],
  valueFormatter: formatMoney,
};

describe('ChartFrame', () => {
  it('says there is no data for the period, under its title', async () => {
    const { container } = renderUi(<ChartFrame {...revenue} rows={[]} />);
    expect(screen.getByRole('region', { name: 'Profit centres revenue' })).toBeInTheDocument();
    expect(screen.getByText('No data for this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('draws the chart and gives screen readers its figures as a table, formatted as on screen', async () => {
    const rows = [
      { profitCentre: 'Flowers', revenue: 1234.56 },
      { profitCentre: 'Gifts', revenue: 99 },
    ];
    const { container } = renderUi(<ChartFrame {...revenue} rows={rows} />);
    const table = screen.getByRole('table', { name: 'Profit centres revenue' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Profit centre', 'Revenue']);
    expect(within(table).getByRole('rowheader', { name: 'Flowers' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'R 1 234,56' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'R 99,00' })).toBeInTheDocument();
    // The chart arrives on first use, from its own bundle.
    await waitFor(() => expect(container.querySelector('.recharts-responsive-container')).not.toBeNull());
    expect(await axeViolations(container)).toEqual([]);
  });

  it('draws a donut of the first figure', async () => {
    const { container } = renderUi(
      <ChartFrame
        title="Orders per partner"
        kind="donut"
        category="partnerName"
        categoryLabel="Partner"
        series={[{ name: 'orderCount', label: 'Orders' }]}
        rows={[{ partnerName: 'Petals', orderCount: 12 }]}
      />,
    );
    expect(screen.getByRole('cell', { name: '12' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.recharts-responsive-container')).not.toBeNull());
  });

  it('holds the place while loading, and shows a failure with Retry', async () => {
    const { unmount } = renderUi(
      <ChartFrame {...revenue} rows={undefined} query={aQuery({ isLoading: true })} />,
    );
    expect(screen.getByRole('region', { name: 'Profit centres revenue' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.queryByText('No data for this period.')).not.toBeInTheDocument();

    const onRetry = vi.fn();
    unmount();
    const failed = aQuery({ isError: true, error: new ApiError(500, 'Server Error'), refetch: onRetry });
    renderUi(<ChartFrame {...revenue} rows={undefined} query={failed} />);
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  // Issue 36, point 7: forty slices in four colours told nobody which partner was which.
  it('draws a donut of many partners as the four largest and the others together, with a key', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      partnerName: `Partner ${String(i + 1)}`,
      orderCount: 40 - i,
    }));
    renderUi(
      <ChartFrame
        title="Orders per partner"
        kind="donut"
        category="partnerName"
        categoryLabel="Partner"
        series={[{ name: 'orderCount', label: 'Orders' }]}
        valueFormatter={formatCount}
        rows={rows}
      />,
    );
    const key = await screen.findByTestId('donut');
    // 36 others: 36 + 35 + … + 1.
    for (const text of ['Partner 1', '40', 'Partner 4', '37', 'Others (36)', '666'])
      expect(within(key).getByText(text)).toBeInTheDocument();
    expect(within(key).queryByText('Partner 5')).not.toBeInTheDocument();
    // Screen readers still get every partner's figure.
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(41);
  });
});

describe('the chart kit', () => {
  it('keeps five partners as five slices, and sums six or more past the fourth', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ p: `P${String(i)}`, v: i + 1 }));
    const series = { name: 'v', label: 'V' };
    expect(donutSlices(rows(5), 'p', series).map((s) => s.name)).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
    expect(donutSlices(rows(6), 'p', series).map((s) => [s.name, s.value])).toEqual([
      ['P5', 6],
      ['P4', 5],
      ['P3', 4],
      ['P2', 3],
      ['Others (2)', 3],
    ]);
  });

  it('writes ticks on one line: no spaces a chart may break at, long names cut', () => {
    expect(oneLine('R 120 000')).toBe('R\u00a0120\u00a0000');
    expect(categoryTick('Rosebank Flower Studio of Johannesburg')).toBe('Rosebank\u00a0Flower\u00a0Studi…');
    expect(categoryTick('Petal & Stem')).toBe('Petal\u00a0&\u00a0Stem');
  });
});
