import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** The organisation's current plan, by the name its subscription gives. */
export function expectLoaded(slot: HTMLElement): void {
  const plan = responseExamples.billing[0].subscription?.plan?.product.name;
  expectTexts(slot, [plan ?? 'the examples give a plan']);
}
