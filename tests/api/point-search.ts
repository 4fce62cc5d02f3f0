import type { HttpHandler } from 'msw';
import type { ExplorerDataPoint } from '../../src/generated/api-types';
import { answer } from './answers';

/**
 * The Data Explorer's point search over these points, as the server answers
 * it: by text in a point's name or intent, and by every tag asked for.
 */
export function pointSearchOver(points: readonly ExplorerDataPoint[]): HttpHandler {
  return answer('getEntitesForDataExplorer', ({ search, tags }) => ({
    dataPoints: points.filter(
      (point) =>
        (!search || point.name.includes(search) || point.intent.includes(search)) &&
        (tags ?? []).every((tag) => point.tags.includes(tag)),
    ),
    tags: [],
  }));
}
