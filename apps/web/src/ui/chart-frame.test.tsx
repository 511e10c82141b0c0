import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatMoney } from '@bloomline/contract';

import { ApiError } from '@/api/client';
import { axeViolations } from '@/test/axe';
import { renderUi } from '@/test/render';

import { ChartFrame, type ChartFrameProps } from './chart-frame';

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
    const { unmount } = renderUi(<ChartFrame {...revenue} rows={undefined} isLoading />);
    expect(screen.getByRole('region', { name: 'Profit centres revenue' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.queryByText('No data for this period.')).not.toBeInTheDocument();

    const onRetry = vi.fn();
    unmount();
    renderUi(
      <ChartFrame
        {...revenue}
        rows={undefined}
        error={new ApiError(500, 'Server Error')}
        onRetry={onRetry}
      />,
    );
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
