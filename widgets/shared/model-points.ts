import type { ExplorerDataPoint } from '../../src/generated/api-types';

/**
 * The points a baseline model can be fitted to, and the one a forecast or
 * savings widget starts on. A site's outdoor thermometer is the models' input,
 * not something to forecast; savings are measured on what is used, not on a
 * state such as a temperature.
 */
export function modelPoints(
  points: readonly ExplorerDataPoint[],
  { consumptionOnly }: { consumptionOnly: boolean },
): ExplorerDataPoint[] {
  return points.filter(
    (point) => point.intent !== 'outdoorTemperature' && (!consumptionOnly || point.kind !== 'instantaneous'),
  );
}

/** The layout's point by name; else the first main electricity meter, the point most people look at first. */
export function firstModelPoint(
  points: readonly ExplorerDataPoint[],
  named: string | undefined,
): ExplorerDataPoint | undefined {
  const byName = named ? points.find((point) => point.name === named) : undefined;
  return (
    byName ??
    points.find(
      (point) =>
        point.intent === 'electricity' && point.kind !== 'instantaneous' && point.tags.includes('fiscal'),
    ) ??
    points.find((point) => point.kind !== 'instantaneous') ??
    points[0]
  );
}

/** "Main incomer · London – Clerkenwell Office": a point's name with its site, as names repeat across sites. */
export function modelPointLabel(point: ExplorerDataPoint): string {
  return point.path.length > 0 ? `${point.name} · ${point.path[0]}` : point.name;
}
