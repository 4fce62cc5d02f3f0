import type { WidgetData } from '../../src/engine/widget-types';

export type Marker = WidgetData<'map'>['markers'][number];
export type LocatedMarker = Marker & { lat: number; lng: number };

/** Places with both coordinates; the others cannot be drawn. */
export function locatedMarkers(markers: readonly Marker[]): LocatedMarker[] {
  return markers.filter(
    (marker): marker is LocatedMarker => Number.isFinite(marker.lat) && Number.isFinite(marker.lng),
  );
}

/** South-west and north-east corners of the box around the places. */
export function boundsOf(markers: readonly LocatedMarker[]): [[number, number], [number, number]] {
  const lats = markers.map((marker) => marker.lat);
  const lngs = markers.map((marker) => marker.lng);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}
