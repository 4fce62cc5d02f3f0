import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** A row for each stored data point found, by name. */
export function expectLoaded(slot: HTMLElement): void {
  const points = responseExamples.getEntitesForDataExplorer[0].dataPoints.filter((point) => !point.virtual);
  expectTexts(
    slot,
    points.slice(0, 20).map((point) => point.name),
  );
}
