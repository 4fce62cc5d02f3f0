import 'leaflet/dist/leaflet.css';
import { Box, Stack, Text } from '@chakra-ui/react';
import type { LeafletMouseEvent } from 'leaflet';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { MAP_BACKGROUND, PLACE_MARKER, TILE_HOST, TILE_URL, useTilesFailed } from './map-tiles';

/** The whole world, for a place with no coordinates yet: a first click there zooms in on it (FollowPlace). */
const WORLD = { center: [25, 10] as [number, number], zoom: 1 };
/** Close enough to see which building a click lands on. */
const PLACE_ZOOM = 15;
/** Six decimals of a degree are about 10 cm: more than a click can tell apart. */
const DECIMALS = 6;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The coordinates a click means: rounded to what a click can mean, the longitude brought back into ±180°. */
export function pickedCoordinates(latitude: number, longitude: number): Coordinates {
  const round = (value: number) => Number(value.toFixed(DECIMALS));
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return { latitude: round(latitude), longitude: round(wrapped) };
}

/** Both coordinates typed and on the earth; otherwise there is no place to show yet. */
export function coordinatesOf(latitude: string, longitude: string): Coordinates | undefined {
  if (latitude.trim() === '' || longitude.trim() === '') return undefined;
  const place = { latitude: Number(latitude), longitude: Number(longitude) };
  const onEarth =
    Number.isFinite(place.latitude) &&
    Number.isFinite(place.longitude) &&
    Math.abs(place.latitude) <= 90 &&
    Math.abs(place.longitude) <= 180;
  return onEarth ? place : undefined;
}

/** Hands each click on the map up as coordinates. */
function ClickToPick({ onPick }: { onPick: (place: Coordinates) => void }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) => onPick(pickedCoordinates(event.latlng.lat, event.latlng.lng)),
  });
  return null;
}

/** Brings coordinates typed or found elsewhere into view, closer in when the map still shows the world. */
function FollowPlace({ place }: { place: Coordinates | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (!place) return;
    const target: [number, number] = [place.latitude, place.longitude];
    if (!map.getBounds().pad(-0.1).contains(target) || map.getZoom() < PLACE_ZOOM - 4) {
      map.setView(target, Math.max(map.getZoom(), PLACE_ZOOM));
    }
  }, [map, place]);
  return null;
}

/**
 * A map to place something on: a click sets its coordinates, and the place
 * they name is marked. Without a geocoder this is how a person turns an
 * address into coordinates without leaving the form.
 */
export default function PlacePicker({
  latitude,
  longitude,
  onPick,
  height = 220,
}: {
  latitude: string;
  longitude: string;
  onPick: (place: Coordinates) => void;
  height?: number;
}) {
  const { t } = useTranslation('shared');
  const place = coordinatesOf(latitude, longitude);
  // The map opens once, where the place is then; later changes move it (FollowPlace).
  const [opening] = useState(() =>
    place ? { center: [place.latitude, place.longitude] as [number, number], zoom: PLACE_ZOOM } : WORLD,
  );
  // Without its background the map is a blank square, where a click means nothing to a person.
  const { tilesFailed, tileEvents } = useTilesFailed();
  return (
    <Stack gap="1">
      <Box
        h={`${height}px`}
        borderRadius="md"
        overflow="hidden"
        isolation="isolate"
        cursor="crosshair"
        data-testid="place-picker"
      >
        <MapContainer
          {...opening}
          style={{
            height: '100%',
            width: '100%',
            fontFamily: 'inherit',
            cursor: 'crosshair',
            background: MAP_BACKGROUND,
          }}
          worldCopyJump
        >
          <TileLayer url={TILE_URL} attribution={t('map.attribution')} eventHandlers={tileEvents} />
          <ClickToPick onPick={onPick} />
          <FollowPlace place={place} />
          {place ? <CircleMarker center={[place.latitude, place.longitude]} {...PLACE_MARKER} /> : null}
        </MapContainer>
      </Box>
      {tilesFailed ? (
        <Text fontSize="xs" color="fg.muted" role="status" data-testid="place-picker-offline">
          {t('map.offline', { host: TILE_HOST })}
        </Text>
      ) : (
        <Text fontSize="xs" color="fg.muted">
          {place ? t('map.pickAgain') : t('map.pick')}
        </Text>
      )}
    </Stack>
  );
}
