import type { ExplorerView } from '../../src/generated/api-types';

/**
 * What the explorer shows lives in one place: the address. These functions
 * read it from, and write it to, the query string; nothing else holds it.
 */

export type RangeName = ExplorerView['range'];
export type PresetRange = Exclude<RangeName, 'custom'>;
export type Resolution = ExplorerView['resolution'];
export type Aggregate = NonNullable<ExplorerView['aggregate']>;
export type ChartChoice = NonNullable<ExplorerView['chart']>;

export const PRESETS: readonly PresetRange[] = ['today', '7d', '30d', 'month', 'year'];
export const RESOLUTIONS: readonly Resolution[] = ['auto', 'raw', '15min', 'hour', 'day', 'week', 'month'];
export const AGGREGATES: readonly Aggregate[] = ['sum', 'avg', 'min', 'max'];
export type Measure = NonNullable<ExplorerView['measure']>;
/** What the chart can draw besides the readings. */
export const MEASURES: readonly Measure[] = ['cost', 'co2'];
/** The API takes at most this many data points in one query. */
export const MAX_SELECTED = 200;

export interface ViewDefaults {
  range: PresetRange;
  resolution: Resolution;
}

/** The view, and what goes with it in the address but is not part of a saved view. */
export interface AddressState {
  view: ExplorerView;
  /** The saved view that was opened, so it can be saved again, renamed or deleted. */
  savedId: number | null;
  /** Where "reset zoom" goes back to: the period before the first brush. */
  zoomBase: ZoomBase | null;
}

export type ZoomBase = { range: PresetRange } | { range: 'custom'; from: string; to: string };

const ID_LIST = /^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

function instant(value: string | null): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function parseIds(text: string | null): number[] {
  if (!text || !ID_LIST.test(text)) return [];
  return [...new Set(text.split(',').map(Number))].slice(0, MAX_SELECTED);
}

/** Reads the address; anything missing or malformed falls back to the widget's defaults. */
export function readAddress(params: URLSearchParams, defaults: ViewDefaults): AddressState {
  const dataPointIds = parseIds(params.get('points'));
  let range: RangeName = oneOf(params.get('range'), [...PRESETS, 'custom'] as const) ?? defaults.range;
  const from = instant(params.get('from'));
  const to = instant(params.get('to'));
  const customOk = from !== undefined && to !== undefined && Date.parse(from) < Date.parse(to);
  if (range === 'custom' && !customOk) range = defaults.range;
  const view: ExplorerView = {
    dataPointIds,
    range,
    resolution: oneOf(params.get('res'), RESOLUTIONS) ?? defaults.resolution,
  };
  if (range === 'custom') {
    view.from = from;
    view.to = to;
  }
  const aggregate = oneOf(params.get('agg'), AGGREGATES);
  if (aggregate) view.aggregate = aggregate;
  const chart = oneOf(params.get('chart'), ['line', 'bar'] as const);
  if (chart) view.chart = chart;
  if (params.get('compare') === '1') view.compare = true;
  if (params.get('costs') === '1') view.costs = true;
  const measure = oneOf(params.get('measure'), MEASURES);
  if (measure) view.measure = measure;
  const saved = Number(params.get('saved'));
  return {
    view,
    savedId: Number.isInteger(saved) && saved > 0 ? saved : null,
    zoomBase: range === 'custom' ? readZoomBase(params.get('base')) : null,
  };
}

function readZoomBase(text: string | null): ZoomBase | null {
  if (!text) return null;
  const preset = oneOf(text, PRESETS);
  if (preset) return { range: preset };
  const [from, to] = text.split('~').map((part) => instant(part));
  return from && to ? { range: 'custom', from, to } : null;
}

/** Writes the address: only what differs from nothing is written, so links stay short. */
export function writeAddress({ view, savedId, zoomBase }: AddressState): URLSearchParams {
  const params = new URLSearchParams();
  if (view.dataPointIds.length > 0) params.set('points', view.dataPointIds.join(','));
  params.set('range', view.range);
  if (view.range === 'custom' && view.from && view.to) {
    params.set('from', view.from);
    params.set('to', view.to);
  }
  params.set('res', view.resolution);
  if (view.aggregate) params.set('agg', view.aggregate);
  if (view.chart) params.set('chart', view.chart);
  if (view.compare) params.set('compare', '1');
  if (view.costs) params.set('costs', '1');
  if (view.measure) params.set('measure', view.measure);
  if (savedId !== null) params.set('saved', String(savedId));
  if (zoomBase && view.range === 'custom') {
    params.set('base', zoomBase.range === 'custom' ? `${zoomBase.from}~${zoomBase.to}` : zoomBase.range);
  }
  return params;
}

/** A saved view as the API takes it: only the fields of the schema, nothing left undefined. */
export function cleanView(view: ExplorerView): ExplorerView {
  const clean: ExplorerView = {
    dataPointIds: [...view.dataPointIds],
    range: view.range,
    resolution: view.resolution,
  };
  if (view.range === 'custom' && view.from && view.to) {
    clean.from = view.from;
    clean.to = view.to;
  }
  if (view.aggregate) clean.aggregate = view.aggregate;
  if (view.chart) clean.chart = view.chart;
  if (view.compare) clean.compare = true;
  if (view.costs) clean.costs = true;
  if (view.measure) clean.measure = view.measure;
  return clean;
}

/** The address of a view, e.g. for a bookmark. */
export function viewHref(basePath: string, view: ExplorerView): string {
  return `${basePath}?${writeAddress({ view: cleanView(view), savedId: null, zoomBase: null }).toString()}`;
}
