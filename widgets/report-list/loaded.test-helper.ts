import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** Each report by its title. */
export function expectLoaded(slot: HTMLElement): void {
  expectTexts(
    slot,
    responseExamples.reportsData[0].reports.map((report) => report.title),
  );
}
