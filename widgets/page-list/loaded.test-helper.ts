import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** Each stored page by its title. */
export function expectLoaded(slot: HTMLElement): void {
  expectTexts(
    slot,
    responseExamples.dashboard[0].pages.map((page) => page.title),
  );
}
