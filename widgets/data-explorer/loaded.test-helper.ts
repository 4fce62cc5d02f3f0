import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** The data points to explore, listed by name for the person to pick, and the saved views to open. */
export function expectLoaded(slot: HTMLElement): void {
  expectTexts(slot, [
    ...responseExamples.getEntitesForDataExplorer[0].dataPoints.map((point) => point.name),
    ...responseExamples.getDateExplorer[0].explorers.map((saved) => saved.name),
  ]);
}
