// What a chart frame draws, shared by the frame and its lazily loaded body (chart-frame-body.tsx).
export type ChartKind = 'bar' | 'horizontal-bar' | 'line' | 'donut';

/** A report's rows: the category (a partner's name) and its figures. */
export type ChartRow = Record<string, string | number | null>;

/** A figure drawn: its key in the rows and its words (the donut draws the first). */
export type ChartSeries = { name: string; label: string };

/** What the lazily loaded chart needs. */
export type ChartBodyProps = {
  kind: ChartKind;
  rows: readonly ChartRow[];
  category: string;
  series: readonly ChartSeries[];
  valueFormatter?: (value: number) => string;
  /** The value axis's ticks, when they read shorter than the figures (whole rand: `formatWholeRand`). */
  axisFormatter?: (value: number) => string;
  height: number;
};
