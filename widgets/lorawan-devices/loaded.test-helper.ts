import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** Each device by name and DevEUI. */
export function expectLoaded(slot: HTMLElement): void {
  expectTexts(
    slot,
    responseExamples.lorawan[0].devices.flatMap((device) => [device.name, device.devEui]),
  );
}
