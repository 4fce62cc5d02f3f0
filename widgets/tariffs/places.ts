import type { FindEntitiesResponse, TariffAssignment } from '../../src/generated/api-types';

/** A place a tariff can be assigned to, named with the path from its site. */
export interface Place {
  id: number;
  label: string;
}

export function placesOf({ entities }: FindEntitiesResponse): Place[] {
  return entities.map(({ entity, path }) => ({
    id: entity.id,
    label: [...path.map((step) => step.name), entity.name].join(' › '),
  }));
}

/** What an assignment is called in lists: the organisation, a place by its path, or a data point by number. */
export function assignmentLabel(
  assignment: TariffAssignment,
  places: Place[],
  words: { organisation: string; place: (id: number) => string; dataPoint: (id: number) => string },
): string {
  if (assignment.kind === 'organisation') return words.organisation;
  if (assignment.kind === 'dataPoint') return words.dataPoint(assignment.id);
  return places.find((place) => place.id === assignment.id)?.label ?? words.place(assignment.id);
}
