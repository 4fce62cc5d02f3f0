import 'leaflet/dist/leaflet.css';
import { Box, Center, Text } from '@chakra-ui/react';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import type { WidgetProps } from '../../src/engine/widget-types';
import { DEFAULT_CHART_HEIGHT } from '../shared/chart-theme';
import { boundsOf, type LocatedMarker, locatedMarkers } from './markers';

/** The spec's default zoom for a site map. */
const DEFAULT_ZOOM = 11;
const TILE_URL = import.meta.env.VITE_MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; OpenStreetMap contributors';

/** One place opens at the zoom level; several open with all of them in view, never closer than that zoom. */
function viewOf(located: LocatedMarker[], zoom: number) {
  const [first] = located;
  if (located.length === 1 && first) return { center: [first.lat, first.lng] as [number, number], zoom };
  return {
    bounds: boundsOf(located),
    boundsOptions: { padding: [32, 32] as [number, number], maxZoom: zoom },
  };
}

/** Places on a map; without any coordinates it says 'Geo Location Not Found', as the spec words it. */
export default function MapWidget({ data }: WidgetProps<'map'>) {
  const { markers, zoom = DEFAULT_ZOOM, height = DEFAULT_CHART_HEIGHT } = data;
  const located = locatedMarkers(markers);
  if (located.length === 0) {
    return (
      <Center h={`${height}px`} bg="bg.muted" borderRadius="md">
        <Text color="fg.muted">Geo Location Not Found</Text>
      </Center>
    );
  }
  return (
    <Box h={`${height}px`} borderRadius="md" overflow="hidden" data-testid="map">
      <MapContainer
        {...viewOf(located, zoom)}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom={false}
      >
        <TileLayer url={TILE_URL} attribution={ATTRIBUTION} />
        {located.map((marker) => (
          <CircleMarker
            key={`${marker.label}:${marker.lat}:${marker.lng}`}
            center={[marker.lat, marker.lng]}
            radius={8}
            pathOptions={{ color: '#4b7cf3', fillOpacity: 0.8 }}
          >
            <Tooltip>{marker.label}</Tooltip>
          </CircleMarker>
        ))}
      </MapContainer>
    </Box>
  );
}
