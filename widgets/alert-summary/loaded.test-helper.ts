import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** Each rule that fired, by name. */
export function expectLoaded(slot: HTMLElement): void {
  expectTexts(
    slot,
    responseExamples.alertPeriods[0].alerts.map((alert) => alert.ruleName),
  );
}
