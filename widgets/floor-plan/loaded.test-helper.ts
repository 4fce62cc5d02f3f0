import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** The plan's place, and each point placed on it by its name. */
export function expectLoaded(slot: HTMLElement): void {
  const { plan } = responseExamples.floorPlan[0];
  expectTexts(slot, [plan.placePath, ...plan.points.map((point) => point.name)]);
}
