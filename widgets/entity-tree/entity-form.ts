import type { AddEntityRequest, SiteResponse, UpdateEntityRequest } from '../../src/generated/api-types';

export type EntityView = SiteResponse['entity'];
export type EntityType = EntityView['type'];

/** The dialog's fields as typed: text, turned into a request on saving. */
export interface EntityFormValues {
  type: EntityType;
  name: string;
  parentId: string;
  tags: string;
  address: string;
  latitude: string;
  longitude: string;
  floorAreaM2: string;
  timeZone: string;
}

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A blank form for a new entity of this type under this parent. */
export function newEntityForm(type: EntityType, parentId: number | null): EntityFormValues {
  return {
    type,
    name: '',
    parentId: parentId === null ? '' : String(parentId),
    tags: '',
    address: '',
    latitude: '',
    longitude: '',
    floorAreaM2: '',
    // A new site most likely keeps the time of whoever adds it.
    timeZone: type === 'site' ? BROWSER_ZONE : '',
  };
}

/** The form filled in from a stored entity, for editing. */
export function editEntityForm(entity: EntityView): EntityFormValues {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  return {
    type: entity.type,
    name: entity.name,
    parentId: text(entity.parentId),
    tags: entity.tags.join(', '),
    address: text(entity.address),
    latitude: text(entity.latitude),
    longitude: text(entity.longitude),
    floorAreaM2: text(entity.floorAreaM2),
    timeZone: entity.type === 'site' ? text(entity.timeZone) : '',
  };
}

/** '' is "none"; the inputs are of type number, so anything else is a number. */
function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

function fields(values: EntityFormValues) {
  return {
    name: values.name.trim(),
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    address: values.address.trim() || null,
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
    floorAreaM2: numberOrNull(values.floorAreaM2),
    ...(values.type === 'site' ? { timeZone: values.timeZone } : {}),
  };
}

export function addRequest(values: EntityFormValues): AddEntityRequest {
  return {
    type: values.type,
    ...fields(values),
    ...(values.parentId ? { parentId: Number(values.parentId) } : {}),
  };
}

export function updateRequest(entityId: number, values: EntityFormValues): UpdateEntityRequest {
  return {
    entityId,
    ...fields(values),
    ...(values.type !== 'site' && values.parentId ? { parentId: Number(values.parentId) } : {}),
  };
}
