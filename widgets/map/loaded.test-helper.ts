import { expect } from 'storybook/test';
import { exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

/** A map when some marker has a place; the spec's "Geo Location Not Found" when none has. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { markers } = exampleData('map', example);
  const located = markers.filter((marker) => marker.lat !== null && marker.lng !== null);
  if (located.length === 0) {
    expectTexts(slot, ['Geo Location Not Found']);
    return;
  }
  expect(slot.querySelector('[data-testid="map"] .leaflet-container')).not.toBeNull();
  expect(slot.querySelectorAll('path.leaflet-interactive')).toHaveLength(located.length);
}
