import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** Each site by its name. */
export function expectLoaded(slot: HTMLElement): void {
  expectTexts(
    slot,
    responseExamples.benchmarking[0].sites.map((site) => site.name),
  );
}
