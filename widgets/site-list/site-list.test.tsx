import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SitesResponse } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import SiteList from './index';

const site: SitesResponse['sites'][number]['entity'] = {
  id: 1,
  type: 'site',
  name: 'Head Office',
  parentId: null,
  siteId: 1,
  tags: [],
  address: '1 High Street, London',
  latitude: null,
  longitude: null,
  floorAreaM2: 1200,
  timeZone: 'Europe/London',
  image: null,
  childCount: 2,
  dataPointCount: 7,
};

describe('site list', () => {
  it('lists the sites with address, time zone and counts, linking each', async () => {
    useApi(answer('sites', { sites: [{ entity: site, entityCount: 5 }] }));
    renderInApp(<SiteList data={{}} />);
    const link = await screen.findByRole('link', { name: 'Head Office' });
    expect(link.getAttribute('href')).toBe('/sites/1');
    expect(screen.getByText('1 High Street, London')).toBeTruthy();
    expect(screen.getByText('Europe/London')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('Geo Location Not Found')).toBeTruthy();
  });

  it('tells an empty organisation to add its first site', async () => {
    useApi(answer('sites', { sites: [] }));
    renderInApp(<SiteList data={{}} />);
    expect(await screen.findByText('No sites yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first site' }).getAttribute('href')).toBe('/sites');
  });
});
