import 'leaflet/dist/leaflet.css';
import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { DEFAULT_CHART_HEIGHT } from './chart-theme';
import { boundsOf, type LocatedMarker, locatedMarkers, type Marker } from './map-markers';
import { MAP_BACKGROUND, PLACE_MARKER, TILE_HOST, TILE_URL, useTilesFailed } from './map-tiles';

/** The spec's default zoom for a site map. */
const DEFAULT_ZOOM = 11;

/** One place opens at the zoom level; several open with all of them in view, never closer than that zoom. */
function viewOf(located: LocatedMarker[], zoom: number) {
  const [first] = located;
  if (located.length === 1 && first) return { center: [first.lat, first.lng] as [number, number], zoom };
  return {
    bounds: boundsOf(located),
    boundsOptions: { padding: [32, 32] as [number, number], maxZoom: zoom },
  };
}

interface PlacesMapProps {
  markers: readonly Marker[];
  /** The zoom of a single place, and the closest that several are shown at. */
  zoom?: number | undefined;
  /** In pixels. */
  height?: number | undefined;
}

/**
 * Places on a map (the map widget, and the site list and a site's page
 * beside their own content); without any coordinates it says 'Geo Location Not Found',
 * as the spec words it, and how to place one (the place form's map, or its coordinates). The background comes from a tile server on the
 * internet (VITE_MAP_TILE_URL at build time, else OpenStreetMap): where it
 * cannot be reached, the places stay on a plain background and a note says why.
 */
export function PlacesMap({ markers, zoom = DEFAULT_ZOOM, height = DEFAULT_CHART_HEIGHT }: PlacesMapProps) {
  const { t } = useTranslation('shared');
  const located = locatedMarkers(markers);
  const { tilesFailed, tileEvents } = useTilesFailed();
  if (located.length === 0) {
    // A note as tall as its words, not a map-sized empty box: the spec's words, then how to put a place on it.
    return (
      <Stack gap="1" bg="bg.muted" borderRadius="md" p="4" data-testid="map-not-found">
        <Text fontWeight="medium">{t('placesMap.notFound')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('placesMap.howToPlace')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="1">
      {/* Leaflet stacks its panes and controls up to z-index 1000: isolated, they stay under dialogs and menus. */}
      <Box h={`${height}px`} borderRadius="md" overflow="hidden" isolation="isolate" data-testid="map">
        <MapContainer
          {...viewOf(located, zoom)}
          // Leaflet's own font has no Chinese or Cyrillic glyphs; its controls and credits use the app's.
          style={{ height: '100%', width: '100%', fontFamily: 'inherit', background: MAP_BACKGROUND }}
          scrollWheelZoom={false}
        >
          <TileLayer url={TILE_URL} attribution={t('map.attribution')} eventHandlers={tileEvents} />
          {located.map((marker) => (
            <CircleMarker
              key={`${marker.label}:${marker.lat}:${marker.lng}`}
              center={[marker.lat, marker.lng]}
              {...PLACE_MARKER}
            >
              <Tooltip>{marker.label}</Tooltip>
            </CircleMarker>
          ))}
        </MapContainer>
      </Box>
      {tilesFailed ? (
        <Text fontSize="xs" color="fg.muted" role="status" data-testid="map-offline">
          {t('placesMap.offline', { host: TILE_HOST })}
        </Text>
      ) : null}
    </Stack>
  );
}
