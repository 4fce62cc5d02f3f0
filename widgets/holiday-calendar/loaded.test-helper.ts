import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** Each holiday by its name. */
export function expectLoaded(slot: HTMLElement): void {
  expectTexts(
    slot,
    responseExamples.holidays[0].holidays.map((holiday) => holiday.name),
  );
}
