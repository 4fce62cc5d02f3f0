import { api } from '../../src/api/endpoints';
import type { ExplorerDataPoint } from '../../src/generated/api-types';

/**
 * Which data points a dashboard widget shows, as a layout names them: by
 * name (ids differ between organisations, so layouts never hold ids), or by
 * intent and unit, optionally narrowed by tags.
 */
export interface PointSelection {
  dataPoints?: readonly string[];
  intent?: string;
  unit?: string;
  tags?: readonly string[];
}

export interface ResolvedPoints {
  points: ExplorerDataPoint[];
  /** Names the layout asks for that the organisation has no data point of. */
  missing: string[];
}

/** The API takes at most this many data points in one query. */
export const MAX_POINTS = 200;

/**
 * Looks the selection up through the Data Explorer's search: each name is
 * matched exactly (then ignoring case); an intent (or tags alone) keeps the
 * points of that intent carrying the tags, in `unit` when given, else in the
 * unit most of them have. Nothing to go by selects nothing.
 */
export async function resolvePoints(selection: PointSelection): Promise<ResolvedPoints> {
  const tags = selection.tags && selection.tags.length > 0 ? [...selection.tags] : undefined;
  if (selection.dataPoints && selection.dataPoints.length > 0) {
    const names = [...new Set(selection.dataPoints)];
    const found = await Promise.all(
      names.map(async (name) => {
        const { dataPoints } = checked(
          await api.getEntitesForDataExplorer({ search: name, ...(tags ? { tags } : {}) }),
        );
        return (
          dataPoints.find((point) => point.name === name) ??
          dataPoints.find((point) => point.name.toLowerCase() === name.toLowerCase())
        );
      }),
    );
    const points: ExplorerDataPoint[] = [];
    const missing: string[] = [];
    found.forEach((point, index) => {
      if (point) {
        if (!points.some((seen) => seen.id === point.id)) points.push(point);
      } else missing.push(names[index] as string);
    });
    return { points, missing };
  }
  if (selection.intent || tags) {
    const intent = selection.intent?.toLowerCase();
    const { dataPoints } = checked(
      await api.getEntitesForDataExplorer({
        ...(selection.intent ? { search: selection.intent } : {}),
        ...(tags ? { tags } : {}),
      }),
    );
    const ofIntent = intent
      ? dataPoints.filter((point) => point.intent.toLowerCase() === intent)
      : dataPoints;
    const unit = selection.unit ?? commonestUnit(ofIntent);
    return { points: ofIntent.filter((point) => point.unit === unit).slice(0, MAX_POINTS), missing: [] };
  }
  return { points: [], missing: [] };
}

/** An answer without its list (a server that is not there, a proxy's page) fails here, not deep in a widget. */
function checked<T extends { dataPoints?: unknown }>(answer: T): T & { dataPoints: ExplorerDataPoint[] } {
  if (!answer || !Array.isArray(answer.dataPoints)) throw new Error('the server sent no data points');
  return answer as T & { dataPoints: ExplorerDataPoint[] };
}

function commonestUnit(points: readonly ExplorerDataPoint[]): string | undefined {
  const counts = new Map<string, number>();
  for (const point of points) counts.set(point.unit, (counts.get(point.unit) ?? 0) + 1);
  let best: string | undefined;
  for (const [unit, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = unit;
  return best;
}

/** "No data point is named …" for the names a layout asks for that are not there. */
export function missingText(missing: readonly string[]): string {
  if (missing.length === 0) return '';
  const quoted = missing.map((name) => `“${name}”`).join(', ');
  return missing.length === 1 ? `No data point is named ${quoted}.` : `No data points are named ${quoted}.`;
}
