import '@mantine/charts/styles.css';

import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text, useMantineTheme } from '@mantine/core';

import type { ChartBodyProps, ChartRow, ChartSeries } from './chart-types';

/** The reports' chart colours: four shades in turn (part 2, "Chart colours cycle over 4 shades"). */
export const CHART_COLOURS = ['grape.7', 'indigo.7', 'teal.8', 'orange.8'] as const;

const colourAt = (i: number) => CHART_COLOURS[i % CHART_COLOURS.length] ?? 'grape.7';

/** A donut draws this many slices of its own, one per colour; the rest are one slice, "Others". */
export const DONUT_SLICES = CHART_COLOURS.length;
const OTHERS_COLOUR = 'gray.5';

/** A tick on one line: recharts breaks a tick's text at its spaces, never at no-break ones. */
export const oneLine = (text: string) => text.replace(/ /g, '\u00a0');

/** A category's tick (a partner's name): one line, cut with an ellipsis past 22 characters. */
export const categoryTick = (value: unknown) => {
  const name = String(value);
  return oneLine(name.length > 22 ? `${name.slice(0, 21).trimEnd()}…` : name);
};

export type DonutSlice = { name: string; value: number; color: string };

/**
 * The donut's slices: the largest `DONUT_SLICES` rows as they are, and the rest summed into one grey slice,
 * "Others (n)". Forty thin slices in four colours told nobody which partner was which (issue 36).
 */
export function donutSlices(rows: readonly ChartRow[], category: string, series?: ChartSeries): DonutSlice[] {
  const all = rows
    .map((row) => ({ name: String(row[category]), value: Number(row[series?.name ?? '']) || 0 }))
    .sort((a, b) => b.value - a.value);
  const shown = all.length > DONUT_SLICES + 1 ? all.slice(0, DONUT_SLICES) : all;
  const rest = all.slice(shown.length);
  const slices: DonutSlice[] = shown.map((s, i) => ({ ...s, color: colourAt(i) }));
  if (rest.length > 0)
    slices.push({
      name: `Others (${String(rest.length)})`,
      value: rest.reduce((sum, r) => sum + r.value, 0),
      color: rest.length === 1 ? colourAt(DONUT_SLICES) : OTHERS_COLOUR,
    });
  return slices;
}

/** The donut's key: each slice's colour, name and figure. */
function DonutLegend({ slices, format }: { slices: DonutSlice[]; format: (value: number) => string }) {
  const theme = useMantineTheme();
  const colour = (name: string) => {
    const [hue = 'gray', shade = '6'] = name.split('.');
    return theme.colors[hue]?.[Number(shade)] ?? name;
  };
  return (
    <Stack gap={4} style={{ flex: 1, minWidth: 160 }}>
      {slices.map((s) => (
        <Group key={s.name} gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <ColorSwatch color={colour(s.color)} size={12} withShadow={false} />
            <Text size="sm" truncate>
              {s.name}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {format(s.value)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

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
  axisFormatter,
  height,
}: ChartBodyProps) {
  if (kind === 'donut') {
    const slices = donutSlices(rows, category, series[0]);
    return (
      <Group gap="md" align="center" wrap="wrap" data-testid="donut">
        <DonutChart data={slices} valueFormatter={valueFormatter} size={Math.min(height, 220)} withTooltip />
        <DonutLegend slices={slices} format={valueFormatter ?? String} />
      </Group>
    );
  }
  const chartSeries = series.map((s, i) => ({ name: s.name, label: s.label, color: colourAt(i) }));
  const valueTick = (value: number) => oneLine((axisFormatter ?? valueFormatter ?? String)(value));
  const common = {
    h: height,
    data: [...rows],
    dataKey: category,
    series: chartSeries,
    valueFormatter,
    withLegend: series.length > 1,
    tickLine: 'none' as const,
  };
  // The value axis wide enough for an amount in whole rand on one line ("R 120 000"); a horizontal chart's
  // category axis wide enough for a partner's name (cut at 22 characters).
  const valueAxis = { width: valueFormatter ? 90 : 50, tickFormatter: valueTick };
  if (kind === 'line')
    return (
      <LineChart
        {...common}
        yAxisProps={valueAxis}
        xAxisProps={{ tickFormatter: categoryTick }}
        curveType="linear"
      />
    );
  // Mantine's 'vertical' orientation lays the bars along the x axis: a long list of partners reads best so.
  if (kind === 'horizontal-bar')
    return (
      <BarChart
        {...common}
        orientation="vertical"
        xAxisProps={{ tickFormatter: valueTick }}
        yAxisProps={{ width: 150, tickFormatter: categoryTick }}
      />
    );
  return (
    <BarChart
      {...common}
      orientation="horizontal"
      yAxisProps={valueAxis}
      xAxisProps={{ tickFormatter: categoryTick }}
    />
  );
}
