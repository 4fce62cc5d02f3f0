import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteResponse } from '../../src/generated/api-types';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import EntityDetails from './index';

afterEach(() => {
  vi.clearAllMocks();
});

const room: SiteResponse['entity'] = {
  id: 5,
  type: 'room',
  name: 'Plant Room',
  parentId: 4,
  siteId: 1,
  tags: ['hvac'],
  address: null,
  latitude: null,
  longitude: null,
  floorAreaM2: 42,
  timeZone: 'Europe/London',
  image: null,
  childCount: 1,
  dataPointCount: 3,
};

describe('entity details', () => {
  it('shows the path, the fields, the children and says when there is no location', async () => {
    const calls = useApi(
      answer('site', {
        entity: room,
        path: [
          { id: 1, type: 'site', name: 'Head Office' },
          { id: 4, type: 'floor', name: 'Ground' },
        ],
        children: [{ ...room, id: 6, type: 'asset', name: 'Boiler', parentId: 5, childCount: 0 }],
        ownDataPointCount: 0,
      }),
    );
    renderInApp(<EntityDetails data={{}} />, { route: '/sites/5', path: '/sites/:entityId?' });
    expect(await screen.findByRole('heading', { name: 'Plant Room' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Head Office' }).getAttribute('href')).toBe('/sites/1');
    expect(screen.getByText('Geo Location Not Found')).toBeTruthy();
    expect(screen.getByText('Europe/London')).toBeTruthy();
    expect(screen.getByText('3 in all, 0 on the room itself')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Boiler' }).getAttribute('href')).toBe('/sites/6');
    expect(callsTo(calls, 'site').map((call) => call.request)).toEqual([{ entityId: 5 }]);
  });

  it('says a place the address names is not found, with the way to the start, instead of offering to try again', async () => {
    // The server answers 404 alike for an id that does not exist and for another organisation's.
    useApi(failWith('site', 404, 'No such place.'));
    renderInApp(<EntityDetails data={{}} />, { route: '/sites/999999', path: '/sites/:entityId?' });
    const notFound = await screen.findByTestId('not-found');
    expect(notFound.textContent).toContain(
      'Not found: it does not exist, or it belongs to another organisation.',
    );
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks to choose an entity when the address names none', () => {
    renderInApp(<EntityDetails data={{}} />, { route: '/sites', path: '/sites/:entityId?' });
    expect(screen.getByText(/Choose a site, building, room or asset/)).toBeTruthy();
  });
});
