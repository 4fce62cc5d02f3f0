import { useState } from 'react';
import type {
  FloorPlan,
  FloorPlanColourScale,
  FloorPlanMarker,
  FloorPlanZone,
} from '../../src/generated/api-types';

/** What an editor changes of a plan before saving it. */
export interface PlanContent {
  markers: FloorPlanMarker[];
  zones: FloorPlanZone[];
  colourScale: FloorPlanColourScale;
}

/** A new key for a marker or zone, unique on the plan for as long as it is edited. */
const newKey = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * An editor's changes to a plan, kept apart from the plan until saved:
 * undefined while nobody edits, so the plan on screen follows the server
 * (and its live values) meanwhile.
 */
export function usePlanDraft(plan: FloorPlan) {
  const [draft, setDraft] = useState<PlanContent | undefined>();
  const shown: PlanContent = draft ?? {
    markers: plan.markers,
    zones: plan.zones,
    colourScale: plan.colourScale,
  };
  const change = (update: (content: PlanContent) => PlanContent) => setDraft(update(shown));
  return {
    editing: draft !== undefined,
    shown,
    start: () => setDraft({ markers: plan.markers, zones: plan.zones, colourScale: plan.colourScale }),
    stop: () => setDraft(undefined),
    move: (key: string, x: number, y: number) =>
      change((content) => ({
        ...content,
        markers: content.markers.map((marker) => (marker.key === key ? { ...marker, x, y } : marker)),
      })),
    /** Places a point or an asset in the plan's middle, to be dragged where it belongs; answers the marker's key. */
    place: (placed: { dataPointId: number } | { assetId: number }): string => {
      const key = newKey('p');
      change((content) => ({
        ...content,
        markers: [...content.markers, { key, x: 0.5, y: 0.5, ...placed }],
      }));
      return key;
    },
    removeMarker: (key: string) =>
      change((content) => ({ ...content, markers: content.markers.filter((marker) => marker.key !== key) })),
    addZone: (zone: Omit<FloorPlanZone, 'key'>) =>
      change((content) => ({ ...content, zones: [...content.zones, { key: newKey('z'), ...zone }] })),
    removeZone: (key: string) =>
      change((content) => ({ ...content, zones: content.zones.filter((zone) => zone.key !== key) })),
    setScale: (colourScale: FloorPlanColourScale) => change((content) => ({ ...content, colourScale })),
  };
}

export type PlanDraft = ReturnType<typeof usePlanDraft>;
