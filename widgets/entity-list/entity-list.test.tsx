import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteTreeNode } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import EntityList from './index';

afterEach(() => {
  vi.clearAllMocks();
});

const node = (
  id: number,
  type: SiteTreeNode['type'],
  name: string,
  children: SiteTreeNode[] = [],
): SiteTreeNode => ({
  id,
  type,
  name,
  tags: type === 'asset' ? ['hvac'] : [],
  dataPointCount: 2,
  children,
});

describe('entity list', () => {
  it('lists every entity of the type with its site and place', async () => {
    useApi(
      answer('siteTree', {
        sites: [
          node(1, 'site', 'Head Office', [
            node(2, 'building', 'North Wing', [node(3, 'room', 'Plant Room', [node(4, 'asset', 'Boiler')])]),
          ]),
        ],
      }),
    );
    renderInApp(<EntityList data={{ type: 'asset' }} />);
    expect((await screen.findByRole('link', { name: 'Boiler' })).getAttribute('href')).toBe('/sites/4');
    expect(screen.getByText('Head Office')).toBeTruthy();
    expect(screen.getByText('North Wing › Plant Room')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Assets' })).toBeTruthy();
  });

  it('says when there are none yet and where to add them', async () => {
    useApi(answer('siteTree', { sites: [] }));
    renderInApp(<EntityList data={{ type: 'asset' }} />);
    expect(await screen.findByText('No assets yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the site tree' }).getAttribute('href')).toBe('/sites');
  });
});
