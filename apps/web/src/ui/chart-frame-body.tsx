import '@mantine/charts/styles.css';

import { BarChart, DonutChart, LineChart } from '@mantine/charts';

import type { ChartBodyProps } from './chart-frame';

/** The reports' chart colours: four shades in turn (part 2, "Chart colours cycle over 4 shades"). */
export const CHART_COLOURS = ['grape.7', 'indigo.7', 'teal.8', 'orange.8'] as const;

const colourAt = (i: number) => CHART_COLOURS[i % CHART_COLOURS.length] ?? 'grape.7';

/**
 * The chart itself, loaded only by a screen that draws one: @mantine/charts and recharts stay out of the
 * bundle every other screen loads.
 */
export default function ChartFrameBody({
  kind,
  rows,
  category,
  series,
  valueFormatter,
  height,
}: ChartBodyProps) {
  if (kind === 'donut') {
    const [first] = series;
    const data = rows.map((row, i) => ({
      name: String(row[category]),
      value: Number(row[first?.name ?? '']) || 0,
      color: colourAt(i),
    }));
    return (
      <DonutChart data={data} valueFormatter={valueFormatter} size={Math.min(height, 220)} withTooltip />
    );
  }
  const chartSeries = series.map((s, i) => ({ name: s.name, label: s.label, color: colourAt(i) }));
  const common = {
    h: height,
    data: [...rows],
    dataKey: category,
    series: chartSeries,
    valueFormatter,
    withLegend: series.length > 1,
    tickLine: 'none' as const,
  };
  // The value axis wide enough for an amount in rand on one line ("R 120 000,00"); a horizontal chart's
  // category axis wide enough for a partner's name.
  const yAxisProps = { width: kind === 'horizontal-bar' ? 150 : valueFormatter ? 100 : 50 };
  if (kind === 'line') return <LineChart {...common} yAxisProps={yAxisProps} curveType="linear" />;
  // Mantine's 'vertical' orientation lays the bars along the x axis: a long list of partners reads best so.
  return (
    <BarChart
      {...common}
      yAxisProps={yAxisProps}
      orientation={kind === 'horizontal-bar' ? 'vertical' : 'horizontal'}
    />
  );
}
