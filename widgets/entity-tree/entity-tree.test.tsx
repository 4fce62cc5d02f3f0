import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AddEntityResponse,
  EntityTypesResponse,
  SiteTreeNode,
  SiteTreeResponse,
} from '../../src/generated/api-types';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { APP_CONFIG, answerAppConfig } from '../../tests/fixtures/app-config';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import { searchTree } from '../shared/tree-nodes';
import { EntityFormDialog } from './entity-form-dialog';
import EntityTree from './index';

// An editor, the lowest role that may add and edit places; the tests of a viewer sign in as one.
beforeEach(() => {
  signInToSession({ role: 'editor' });
});
afterEach(() => {
  vi.clearAllMocks();
  resetSession();
});

const TYPES: EntityTypesResponse = {
  types: [
    { type: 'site', parents: [] },
    { type: 'building', parents: ['site'] },
    { type: 'floor', parents: ['building'] },
    { type: 'zone', parents: ['building', 'floor'] },
    { type: 'room', parents: ['floor', 'zone'] },
    { type: 'asset', parents: ['site', 'building', 'floor', 'zone', 'room'] },
  ],
};
type EntityType = SiteTreeNode['type'];
const node = (
  id: number,
  type: EntityType,
  name: string,
  children: SiteTreeNode[] = [],
  tags: string[] = [],
): SiteTreeNode => ({
  id,
  type,
  name,
  tags,
  dataPointCount: 0,
  children,
});
const TREE: SiteTreeResponse = {
  sites: [
    node(1, 'site', 'Head Office', [
      node(2, 'building', 'North Wing', [node(3, 'asset', 'Boiler', [], ['hvac'])]),
    ]),
    node(4, 'site', 'Depot'),
  ],
};
const entity = (
  id: number,
  type: EntityType,
  name: string,
  parentId: number | null,
): AddEntityResponse['entity'] => ({
  id,
  type,
  name,
  parentId,
  siteId: 1,
  tags: [],
  address: null,
  latitude: null,
  longitude: null,
  floorAreaM2: null,
  timeZone: 'Europe/London',
  image: null,
  childCount: 0,
  dataPointCount: 0,
});

/** The dialog tests render Chakra's dialog (and, for a site, every IANA time zone): seconds in happy-dom on a busy machine. */
const DIALOG_TEST_TIMEOUT = 20_000;

describe('entity tree', () => {
  it(
    'offers an empty organisation its first site and adds it',
    async () => {
      const calls = useApi(
        answer('siteTree', { sites: [] }),
        answer('entityTypes', TYPES),
        answerAppConfig(),
        answer('addEntity', ({ name }) => ({ entity: entity(9, 'site', name, null) })),
      );
      renderInApp(<EntityTree data={{}} />, { route: '/sites', path: '/sites/:entityId?' });
      expect(await screen.findByText('No sites yet')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Add your first site' }));
      fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Head Office' } });
      // The zone is typed with suggestions; one no browser knows is marked and cannot be saved.
      fireEvent.change(screen.getByLabelText(/^Time zone/), { target: { value: 'Mars/Olympus' } });
      expect(screen.getByText('Choose a time zone from the list, e.g. Europe/London or UTC.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
      fireEvent.change(screen.getByLabelText(/^Time zone/), { target: { value: 'UTC' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sites/9'), {
        timeout: 5000,
      });
      const added = callsTo(calls, 'addEntity')[0]?.request;
      expect(added).toMatchObject({ type: 'site', name: 'Head Office', tags: [], latitude: null });
      expect(added?.timeZone).toBe('UTC');
    },
    DIALOG_TEST_TIMEOUT,
  );

  it('offers an editor a new site, a place under the chosen node and editing it', async () => {
    useApi(answer('siteTree', TREE), answer('entityTypes', TYPES));
    renderInApp(<EntityTree data={{}} />, { route: '/sites/2', path: '/sites/:entityId?' });
    expect(await screen.findByRole('button', { name: 'Add site' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to North Wing' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit North Wing' })).toBeTruthy();
  });

  it(
    'edits the chosen place from its stored fields, and reads the tree again once it is saved',
    async () => {
      const stored = { ...entity(2, 'building', 'North Wing', 1), tags: ['east'], floorAreaM2: 1200 };
      const calls = useApi(
        answer('siteTree', TREE),
        answer('entityTypes', TYPES),
        answerAppConfig(),
        answer('site', { entity: stored, path: [], children: [], ownDataPointCount: 0 }),
        answer('updateEntity', (request) => ({ entity: { ...stored, name: request.name ?? stored.name } })),
      );
      renderInApp(<EntityTree data={{}} />, { route: '/sites/2', path: '/sites/:entityId?' });
      fireEvent.click(await screen.findByRole('button', { name: 'Edit North Wing' }));
      // The fields the tree does not carry come from the stored place.
      expect(((await screen.findByLabelText(/^Tags/)) as HTMLInputElement).value).toBe('east');
      expect(callsTo(calls, 'site').map((call) => call.request)).toEqual([{ entityId: 2 }]);
      fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'North Wing (old)' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Saved', {}, { timeout: 5000 })).toBeTruthy();
      expect(callsTo(calls, 'updateEntity')[0]?.request).toMatchObject({
        entityId: 2,
        name: 'North Wing (old)',
        tags: ['east'],
        floorAreaM2: 1200,
      });
      expect(callsTo(calls, 'siteTree')).toHaveLength(2);
      expect(screen.getByTestId('location').textContent).toBe('/sites/2');
    },
    DIALOG_TEST_TIMEOUT,
  );

  it('lets a viewer browse the tree, but offers no adding or editing', async () => {
    signInToSession({ role: 'viewer' });
    useApi(answer('siteTree', TREE), answer('entityTypes', TYPES));
    renderInApp(<EntityTree data={{}} />, { route: '/sites/2', path: '/sites/:entityId?' });
    expect(await screen.findByText('Boiler')).toBeTruthy();
    expect(screen.getByRole('button', { name: /North Wing/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Add site' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to North Wing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit North Wing' })).toBeNull();
  });

  it('tells a viewer of an empty organisation whom to ask for its first site', async () => {
    signInToSession({ role: 'viewer' });
    useApi(answer('siteTree', { sites: [] }), answer('entityTypes', TYPES));
    renderInApp(<EntityTree data={{}} />, { route: '/sites', path: '/sites/:entityId?' });
    expect(await screen.findByText(/Editors of your organisation add sites .*; ask one/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add your first site' })).toBeNull();
  });

  it(
    'asks for a picture only where uploading one is allowed',
    async () => {
      // The form asks whether the server can look addresses up.
      useApi(answerAppConfig());
      const dialog = (
        <EntityFormDialog
          mode={{ kind: 'add', parent: null }}
          types={TYPES.types}
          tree={TREE.sites}
          onClose={() => {}}
          onSaved={() => {}}
        />
      );
      const { unmount } = renderInApp(dialog);
      expect(await screen.findByLabelText('Picture')).toBeTruthy();
      unmount();
      signInToSession({ role: 'viewer' });
      renderInApp(dialog);
      await screen.findByLabelText(/^Name/);
      expect(screen.queryByLabelText('Picture')).toBeNull();
    },
    DIALOG_TEST_TIMEOUT,
  );

  it('shows the tree, searches it by tag and opens the chosen node', async () => {
    useApi(answer('siteTree', TREE), answer('entityTypes', TYPES));
    renderInApp(<EntityTree data={{}} />, { route: '/sites', path: '/sites/:entityId?' });
    expect(await screen.findByText('Boiler')).toBeTruthy();
    expect(screen.getByText('Depot')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by name or tag'), { target: { value: 'HVAC' } });
    expect(screen.queryByText('Depot')).toBeNull();
    fireEvent.click(screen.getByText('Boiler'));
    expect(screen.getByTestId('location').textContent).toBe('/sites/3');
  });

  it(
    "offers only the types the selected node may hold, and shows the server's reason for a refusal",
    async () => {
      useApi(
        answer('siteTree', TREE),
        answer('entityTypes', TYPES),
        answerAppConfig(),
        failWith('addEntity', 400, 'Give both latitude and longitude, or neither.'),
      );
      renderInApp(<EntityTree data={{}} />, { route: '/sites/2', path: '/sites/:entityId?' });
      fireEvent.click(await screen.findByRole('button', { name: 'Add to North Wing' }));
      const typeSelect = (await screen.findByLabelText('Type')) as HTMLSelectElement;
      expect([...typeSelect.options].map((option) => option.value)).toEqual(['floor', 'zone', 'asset']);
      fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ground' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText('Give both latitude and longitude, or neither.', {}, { timeout: 5000 }),
      ).toBeTruthy();
    },
    DIALOG_TEST_TIMEOUT,
  );
});

describe('placing a site', () => {
  /** Opens "Add your first site" on an empty tree and names the site. */
  async function addSiteForm() {
    renderInApp(<EntityTree data={{}} />, { route: '/sites', path: '/sites/:entityId?' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add your first site' }));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Depot' } });
  }
  const coordinates = () =>
    [screen.getByLabelText('Latitude'), screen.getByLabelText('Longitude')].map(
      (input) => (input as HTMLInputElement).value,
    );

  it(
    'sets the coordinates where the map is clicked, without a geocoder',
    async () => {
      const calls = useApi(
        answer('siteTree', { sites: [] }),
        answer('entityTypes', TYPES),
        answerAppConfig(),
        answer('addEntity', ({ name }) => ({ entity: entity(9, 'site', name, null) })),
      );
      await addSiteForm();
      const map = (await screen.findByTestId('place-picker')).querySelector('.leaflet-container');
      expect(screen.getByText(/Click the map where it is to set its coordinates/)).toBeTruthy();
      // happy-dom lays nothing out: the map has no size, so a click at its corner lands near its centre,
      // the whole world's view it opens on for a place without coordinates (25° N, 10° E).
      fireEvent.click(map as Element, { clientX: 0, clientY: 0 });
      await waitFor(() => expect(coordinates().every((value) => value !== '')).toBe(true));
      const [latitude, longitude] = coordinates().map(Number);
      expect(latitude).toBeCloseTo(25, 0);
      expect(longitude).toBeCloseTo(10, 0);
      expect(screen.getByText(/Click elsewhere on the map to move it/)).toBeTruthy();
      // Without a geocoder the address is not looked up, and nothing offers to.
      await waitFor(() => expect(callsTo(calls, 'appConfig')).toHaveLength(1));
      expect(screen.queryByRole('button', { name: 'Find the address on the map' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(callsTo(calls, 'addEntity')).toHaveLength(1));
      expect(callsTo(calls, 'addEntity')[0]?.request).toMatchObject({ latitude, longitude });
    },
    DIALOG_TEST_TIMEOUT,
  );

  it(
    "finds the address's places with the server's geocoder, and fills in the one chosen",
    async () => {
      const calls = useApi(
        answer('siteTree', { sites: [] }),
        answer('entityTypes', TYPES),
        answer('appConfig', { ...APP_CONFIG, geocoder: true }),
        answer('geocode', ({ address }) => ({
          places:
            address === 'Nowhere Lane'
              ? []
              : [
                  { label: 'Rue de la Gare, Lyon, France', latitude: 45.76, longitude: 4.83 },
                  { label: 'Rue de la Gare, Lille, France', latitude: 50.63, longitude: 3.06 },
                ],
        })),
      );
      await addSiteForm();
      const find = await screen.findByRole('button', { name: 'Find the address on the map' });
      expect(find.hasAttribute('disabled')).toBe(true);
      fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Nowhere Lane' } });
      fireEvent.click(find);
      expect(
        await screen.findByText('No place was found for “Nowhere Lane”. Click the map where it is instead.'),
      ).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Address'), { target: { value: ' Rue de la Gare ' } });
      fireEvent.click(find);
      fireEvent.click(await screen.findByRole('button', { name: 'Rue de la Gare, Lille, France' }));
      expect(coordinates()).toEqual(['50.63', '3.06']);
      expect(callsTo(calls, 'geocode').map((call) => call.request)).toEqual([
        { address: 'Nowhere Lane', language: 'en-US' },
        { address: 'Rue de la Gare', language: 'en-US' },
      ]);
    },
    DIALOG_TEST_TIMEOUT,
  );

  it(
    'says the lookup failed and how to place the site instead',
    async () => {
      useApi(
        answer('siteTree', { sites: [] }),
        answer('entityTypes', TYPES),
        answer('appConfig', { ...APP_CONFIG, geocoder: true }),
        failWith('geocode', 502, 'The address could not be looked up.'),
      );
      await addSiteForm();
      fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Paris' } });
      fireEvent.click(await screen.findByRole('button', { name: 'Find the address on the map' }));
      expect(
        await screen.findByText(
          'The address could not be looked up just now. Click the map where it is, or type its coordinates.',
        ),
      ).toBeTruthy();
      expect(coordinates()).toEqual(['', '']);
    },
    DIALOG_TEST_TIMEOUT,
  );
});

describe('deleting a place', () => {
  const deletion = (deleted: boolean, usedBy: { id: number; name: string }[] = []) => ({
    deleted,
    name: 'North Wing',
    entities: 2,
    dataPoints: 3,
    readings: 12_000,
    usedBy,
  });

  it(
    'says what goes with it before deleting, deletes it and opens the place it was under',
    async () => {
      const calls = useApi(
        answer('siteTree', TREE),
        answer('entityTypes', TYPES),
        answer('deleteEntity', ({ dryRun }) => deletion(!dryRun)),
      );
      renderInApp(<EntityTree data={{}} />, { route: '/sites/2', path: '/sites/:entityId?' });
      fireEvent.click(await screen.findByRole('button', { name: 'Delete North Wing' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete “North Wing”?' });
      expect(await within(dialog).findByText('1 place or asset under it')).toBeTruthy();
      expect(within(dialog).getByText('3 data points')).toBeTruthy();
      expect(within(dialog).getByText('12,000 stored readings')).toBeTruthy();
      expect(callsTo(calls, 'deleteEntity').map((call) => call.request)).toEqual([
        { entityId: 2, dryRun: true },
      ]);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete “North Wing”' }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sites/1'));
      // The tree is read again, without the place that went.
      await waitFor(() => expect(callsTo(calls, 'siteTree')).toHaveLength(2));
      expect(callsTo(calls, 'deleteEntity').map((call) => call.request)).toEqual([
        { entityId: 2, dryRun: true },
        { entityId: 2 },
      ]);
    },
    DIALOG_TEST_TIMEOUT,
  );

  it(
    'names the formula that reads its data and offers no delete',
    async () => {
      const calls = useApi(
        answer('siteTree', TREE),
        answer('entityTypes', TYPES),
        answer('deleteEntity', () => deletion(false, [{ id: 7, name: 'Campus total' }])),
      );
      renderInApp(<EntityTree data={{}} />, { route: '/sites/2', path: '/sites/:entityId?' });
      fireEvent.click(await screen.findByRole('button', { name: 'Delete North Wing' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete “North Wing”?' });
      expect(await within(dialog).findByText('Campus total')).toBeTruthy();
      expect(
        within(dialog).getByText(/cannot be deleted while this virtual data point reads its data/),
      ).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Delete “North Wing”' })).toBeNull();
      expect(callsTo(calls, 'deleteEntity')).toHaveLength(1);
    },
    DIALOG_TEST_TIMEOUT,
  );

  it('is not offered to a viewer', async () => {
    signInToSession({ role: 'viewer' });
    useApi(answer('siteTree', TREE), answer('entityTypes', TYPES));
    renderInApp(<EntityTree data={{}} />, { route: '/sites/2', path: '/sites/:entityId?' });
    expect(await screen.findByText('Boiler')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete North Wing' })).toBeNull();
  });
});

describe('searchTree', () => {
  it('keeps the way down to a match and everything under it', () => {
    const found = searchTree(TREE.sites, 'north');
    expect(found.map((site) => site.name)).toEqual(['Head Office']);
    expect(found[0]?.children[0]?.children.map((child) => child.name)).toEqual(['Boiler']);
  });
});
