import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** Each key by its name and the prefix that identifies it (never the secret). */
export function expectLoaded(slot: HTMLElement): void {
  expectTexts(
    slot,
    responseExamples.restApi[0].keys.flatMap((key) => [key.name, key.prefix]),
  );
}
