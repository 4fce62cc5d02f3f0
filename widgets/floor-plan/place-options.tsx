import type { PlaceWithPath } from './organisation-points';

/** The organisation's places as a select's options, each named by its path: a plan's place, or a zone's. */
export function PlaceOptions({ places }: { places: PlaceWithPath[] }) {
  return places.map((place) => (
    <option key={place.id} value={place.id}>
      {place.path}
    </option>
  ));
}
