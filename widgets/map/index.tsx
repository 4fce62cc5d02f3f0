import type { WidgetProps } from '../../src/engine/widget-types';
import { PlacesMap } from '../shared/places-map';

/** The places a layout names, on a map (widgets/shared/places-map.tsx draws it). */
export default function MapWidget({ data }: WidgetProps<'map'>) {
  return <PlacesMap markers={data.markers} zoom={data.zoom} height={data.height} />;
}
