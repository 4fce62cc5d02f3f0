import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { writeBatches } from '../../server/readings/readings-writer';
import { demoAppForThisFile } from './demo-app';
import { demoGateway, demoThermometer } from './gateway';
import { expectApiFailure, expectServerRestart } from './page-watch';

// The organisation's places and its face: adding and editing a place with its picture on Assets,
// and changing the organisation's logo.
const demoApp = demoAppForThisFile();

const signedInPage = (path: string) => demoApp.signedInPage(path);

/** A small PNG, as a phone's picture would be, only smaller. */
const picture = (colour: string) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Waits until the image has loaded from the server and has pixels. */
async function imageShown(page: Page, name: string): Promise<void> {
  const image = page.getByRole('img', { name, exact: true });
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

describe('places and the organisation in Chromium', () => {
  it('says a place that is not there is not found, inside the shell, and keeps the person signed in', async () => {
    expectApiFailure('site', 404);
    // The place's alerts are of no such place either.
    expectApiFailure('alerts', 404);
    const { page, close } = await signedInPage('/sites/999999');
    const notFound = page
      .getByTestId('not-found')
      .getByText('Not found: it does not exist, or it belongs to another organisation.');
    await notFound.first().waitFor();
    await expect.poll(() => notFound.count()).toBe(2);
    // Still in the shell, signed in: the menu and the tree are there, and no sign-in page.
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.getByRole('button', { name: /profile menu$/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sites/999999');
    await close();
  });

  it('keeps the sites on the map without the internet, on a plain background, and says why', async () => {
    const { page, close } = await signedInPage('/auth/login');
    // As on a network that does not reach the tile server.
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
    await page.goto(`${demoApp.app.baseUrl}/reports/entities`);
    await page
      .getByTestId('map-offline')
      .getByText(/could not be loaded from tile\.openstreetmap\.org/)
      .waitFor();
    // Every demo site is still a marker on it.
    const sites = await demoApp.app.database.db
      .selectFrom('entities')
      .select('id')
      .where('type', '=', 'site')
      .execute();
    expect(await page.getByTestId('map').locator('path.leaflet-interactive').count()).toBe(sites.length);
    await close();
  });

  it('adds a building with a picture to a site, placed by a click on the map, opens it, and renames it', async () => {
    const site = await demoApp.app.database.db
      .selectFrom('entities')
      .select(['id', 'name'])
      .where('type', '=', 'site')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { page, close } = await signedInPage(`/sites/${site.id}`);
    // The site's own page: its name in the page's trail of places (the shell's trail above names it too).
    await page
      .getByTestId('page')
      .getByRole('navigation', { name: 'breadcrumb' })
      .getByText(site.name)
      .waitFor();

    await page.getByRole('button', { name: `Add to ${site.name}` }).click();
    const add = page.getByRole('dialog', { name: `Add to ${site.name}` });
    await add.getByLabel('Type').selectOption('building');
    await add.getByLabel(/^Name/).fill('Plant house');
    await add.getByLabel('Picture').setInputFiles({
      name: 'plant-house.png',
      mimeType: 'image/png',
      buffer: await picture('#2f9e44'),
    });
    // A click on the form's map fills the coordinates in. Here its background cannot be fetched, as on a
    // network that does not reach the tile server: the form says so, and a click still places the building.
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
    await add
      .getByTestId('place-picker')
      .locator('.leaflet-container')
      .click({ position: { x: 120, y: 90 } });
    await add
      .getByTestId('place-picker-offline')
      .getByText(/could not be loaded from tile\.openstreetmap\.org.*type the latitude and longitude instead/)
      .waitFor();
    const clicked = {
      latitude: Number(await add.getByLabel('Latitude').inputValue()),
      longitude: Number(await add.getByLabel('Longitude').inputValue()),
    };
    expect(Math.abs(clicked.latitude)).toBeLessThanOrEqual(90);
    expect(Math.abs(clicked.longitude)).toBeLessThanOrEqual(180);
    // So does a place the server's geocoder (here a stand-in Nominatim, serve-app.ts) finds for the address.
    await add.getByLabel('Address').fill('1 Works Road');
    await add.getByRole('button', { name: 'Find the address on the map' }).click();
    await add.getByRole('button', { name: '1 Works Road, London' }).click();
    const found = {
      latitude: Number(await add.getByLabel('Latitude').inputValue()),
      longitude: Number(await add.getByLabel('Longitude').inputValue()),
    };
    expect(found).toEqual({ latitude: 51.5072, longitude: -0.1276 });
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'detached' });
    // Saved, the app opens the new place, with its picture served back.
    await page.waitForURL(/\/sites\/\d+$/);
    const buildingId = Number(new URL(page.url()).pathname.split('/').pop());
    await imageShown(page, 'Plant house');
    const building = await demoApp.app.database.db
      .selectFrom('entities')
      .select(['name', 'type', 'parent_id', 'image_key', 'latitude', 'longitude'])
      .where('id', '=', buildingId)
      .executeTakeFirstOrThrow();
    expect(building).toMatchObject({ name: 'Plant house', type: 'building', parent_id: site.id, ...found });
    // Its page shows it on the map, not "Geo Location Not Found".
    await page.getByTestId('page').getByTestId('map').locator('path.leaflet-interactive').first().waitFor();
    expect(building.image_key).toEqual(expect.any(String));

    await page.getByRole('button', { name: 'Edit Plant house' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Plant house' });
    await edit.getByLabel(/^Name/).fill('Boiler house');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit Boiler house' }).waitFor();
    const renamed = await demoApp.app.database.db
      .selectFrom('entities')
      .select('name')
      .where('id', '=', buildingId)
      .executeTakeFirstOrThrow();
    expect(renamed.name).toBe('Boiler house');
    await close();
  });

  it('deletes a data point from its details, then a building with what is under it, after saying what goes', async () => {
    const db = demoApp.app.database.db;
    const site = await db
      .selectFrom('entities')
      .select(['id', 'organisation_id', 'time_zone'])
      .where('type', '=', 'site')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const building = await db
      .insertInto('entities')
      .values({
        organisation_id: site.organisation_id,
        type: 'building',
        name: 'Old store',
        parent_id: site.id,
        site_id: site.id,
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const addPoint = (name: string) =>
      db
        .insertInto('data_points')
        .values({
          organisation_id: site.organisation_id,
          entity_id: building.id,
          name,
          intent: 'electricity',
          unit: 'kWh',
          kind: 'interval',
          time_zone: site.time_zone ?? 'UTC',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const meter = await addPoint('Old store meter');
    const lights = await addPoint('Old store lights');

    const { page, close } = await signedInPage(
      `/devices/all/${encodeURIComponent('Old store meter')}/details/${meter.id}`,
    );
    await page.getByRole('button', { name: 'Delete Old store meter' }).click();
    const pointDialog = page.getByRole('alertdialog', { name: 'Delete “Old store meter”?' });
    await pointDialog.getByText('0 stored readings').waitFor();
    await pointDialog.getByRole('button', { name: 'Delete “Old store meter”' }).click();
    await pointDialog.waitFor({ state: 'detached' });
    await page.waitForURL(/\/devices\/all$/);
    expect(await db.selectFrom('data_points').select('id').where('id', '=', meter.id).execute()).toEqual([]);

    await page.goto(`${demoApp.app.baseUrl}/sites/${building.id}`);
    await page.getByRole('button', { name: 'Delete Old store' }).click();
    const placeDialog = page.getByRole('alertdialog', { name: 'Delete “Old store”?' });
    await placeDialog.getByText('1 data point', { exact: true }).waitFor();
    await placeDialog.getByRole('button', { name: 'Delete “Old store”' }).click();
    await placeDialog.waitFor({ state: 'detached' });
    // Gone, the app opens the place it was under.
    await page.waitForURL(new RegExp(`/sites/${site.id}$`));
    expect(await db.selectFrom('entities').select('id').where('id', '=', building.id).execute()).toEqual([]);
    expect(await db.selectFrom('data_points').select('id').where('id', '=', lights.id).execute()).toEqual([]);
    await close();
  });

  it('uploads a floor plan, places a data point on it that stays over a reload, and shows a reading pushed over REST at once, and after a server restart', async () => {
    const thermometer = await demoThermometer(demoApp);
    const { page, close } = await signedInPage('/floorplan');
    await page.getByRole('button', { name: 'New floor plan' }).click();
    const form = page.getByRole('form', { name: 'New floor plan' });
    await form.getByLabel(/^Name/).fill('Test floor');
    const plan = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f7fafc' } })
      .png()
      .toBuffer();
    await form
      .getByLabel('Picture of the plan')
      .setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: plan });
    await form.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Floor plan “Test floor” added.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Place points' }).click();
    await page
      .getByRole('combobox', { name: 'Place a data point…' })
      .selectOption({ label: thermometer.name });
    // A zone drawn by clicking three corners on the plan, coloured by the point.
    await page.getByRole('button', { name: 'Draw a zone' }).click();
    const canvas = page.locator('[data-testid="floor-plan"] canvas').first();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the plan is not drawn');
    for (const [x, y] of [
      [0.2, 0.2],
      [0.45, 0.2],
      [0.45, 0.6],
    ] as const) {
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    }
    const zone = page.getByRole('form', { name: 'New zone' });
    await zone.getByText('3 corners so far').waitFor();
    await zone.getByLabel(/^Zone name/).fill('Meeting room');
    await zone.getByRole('combobox', { name: 'Coloured by' }).selectOption({ label: thermometer.name });
    await zone.getByRole('button', { name: 'Add zone' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Test floor saved.').waitFor();

    // Kept: after a reload the plan is drawn with the point on it, and listed with its value.
    await page.reload();
    const row = page
      .getByRole('table', { name: 'What Test floor shows' })
      .getByRole('row')
      .filter({ hasText: thermometer.name });
    await row.waitFor();
    await expect.poll(() => page.locator('[data-testid="floor-plan"] canvas').count()).toBeGreaterThan(0);
    await page
      .getByRole('table', { name: 'What Test floor shows' })
      .getByText('Zone: Meeting room')
      .waitFor();
    const stored = await demoApp.app.database.db
      .selectFrom('floor_plans')
      .select('zones')
      .executeTakeFirstOrThrow();
    const corners = (stored.zones as { points: number[][] }[])[0]?.points ?? [];
    // Where the clicks fell on the picture, as fractions of it: the first corner up and left of the third.
    expect(corners).toHaveLength(3);
    expect(corners[0]?.[0]).toBeLessThan(corners[2]?.[0] ?? 0);
    expect(corners[0]?.[1]).toBeLessThan(corners[2]?.[1] ?? 0);
    expect(await row.textContent()).not.toContain('88.5 °C');

    // A reading pushed by a gateway reaches the open plan with no reload and no switch: a plan is always live.
    // After the point's last reading, so it is the latest: the demo's seeding may have written up to a
    // quarter hour ahead of the clock.
    const last = await demoApp.app.database.db
      .selectFrom('readings')
      .select((eb) => eb.fn.max('ts').as('ts'))
      .where('data_point_id', '=', thermometer.id)
      .executeTakeFirst();
    const at = Math.max(Date.now(), last?.ts ? new Date(last.ts).getTime() + 60_000 : 0);
    const gateway = await demoGateway(demoApp, 'Floor plan gateway');
    await gateway.push(thermometer.id, new Date(at).toISOString(), 88.5);
    await row.getByText('88.5 °C').waitFor({ timeout: 5_000 });

    // The server restarts, and the open plan comes through it: a reading written while the server is down
    // (by the readings writer of another process, say) is on the plan once the page is back on the stream,
    // with no reload; and the stream carries the next push as before.
    const point = await demoApp.app.database.db
      .selectFrom('data_points')
      .select(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
      .where('id', '=', thermometer.id)
      .executeTakeFirstOrThrow();
    // While it is down the page tries the stream again (after a second), in vain, and tries on after.
    expectServerRestart();
    await demoApp.app.restart(async () => {
      await writeBatches(demoApp.app.database.db, 'mqtt', [
        { point, series: { ts: [at + 60_000], values: [89.5] } },
      ]);
      await page.waitForEvent('requestfailed', {
        predicate: (request) => request.url().endsWith('/api/live'),
        timeout: 10_000,
      });
    });
    // Caught up by the page's reconnection (after 1, then 2 s…): no event of the write reached it.
    await row.getByText('89.5 °C').waitFor({ timeout: 15_000 });
    await gateway.push(thermometer.id, new Date(at + 120_000).toISOString(), 90.5);
    await row.getByText('90.5 °C').waitFor({ timeout: 5_000 });
    await close();
  });

  it("replaces a floor plan's picture, keeping what is placed on it, then deletes the plan after a yes", async () => {
    const api = await demoApp.api();
    const sites = (await api('sites', {})).sites.map((entry) => entry.entity);
    const site = sites.reduce((last, entry) => (entry.id > last.id ? entry : last));
    const thermometer = await demoThermometer(demoApp);
    const drawing = (background: string, width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer();
    const made = await api(
      'floorPlanCreate',
      { entityId: site.id, name: 'Spare floor' },
      new Blob([await drawing('#f7fafc', 1200, 800)], { type: 'image/png' }),
    );
    const { plan } = await api('floorPlanUpdate', {
      id: made.plan.id,
      name: made.plan.name,
      markers: [{ key: 'm1', x: 0.25, y: 0.5, dataPointId: thermometer.id }],
      zones: [],
      colourScale: null,
      baseRevision: made.plan.revision,
    });
    const { page, close } = await demoApp.signedInPage('/floorplan', { acceptDialogs: true });
    await page.getByRole('combobox', { name: 'Floor plan' }).selectOption({ value: String(plan.id) });
    await page.getByRole('table', { name: 'What Spare floor shows' }).waitFor();

    await page.getByLabel('New picture of Spare floor').setInputFiles({
      name: 'redrawn.png',
      mimeType: 'image/png',
      buffer: await drawing('#e2e8f0', 600, 400),
    });
    await page.getByText('Spare floor: picture replaced', { exact: false }).waitFor();
    const db = demoApp.app.database.db;
    const stored = await db
      .selectFrom('floor_plans')
      .select(['image_key', 'image_width', 'image_height', 'markers'])
      .where('id', '=', plan.id)
      .executeTakeFirstOrThrow();
    expect(stored.image_key).not.toBe(plan.image);
    expect([stored.image_width, stored.image_height]).toEqual([600, 400]);
    expect(stored.markers).toEqual(plan.markers);

    await page.getByRole('button', { name: 'Delete plan' }).click();
    await page.getByText('Floor plan “Spare floor” deleted.').waitFor();
    await expect.poll(() => page.getByRole('option', { name: /Spare floor/ }).count()).toBe(0);
    expect(await db.selectFrom('floor_plans').select('id').where('id', '=', plan.id).execute()).toEqual([]);
    await close();
  });

  it("uploads the organisation's logo and renames it, which the organisation page and the top bar then show", async () => {
    const { page, close } = await signedInPage('/organisation');
    await page.getByRole('button', { name: 'Change logo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload organization image' });
    await dialog.getByLabel('Organisation image').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await picture('#e8590c'),
    });
    await dialog.getByRole('button', { name: 'save', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'successfully save' }).waitFor();
    const organisation = await demoApp.app.database.db
      .selectFrom('organisations')
      .select(['name', 'image_key'])
      .executeTakeFirstOrThrow();
    expect(organisation.image_key).toEqual(expect.any(String));
    await imageShown(page, `${organisation.name} logo`);
    // The top bar shows it beside the organisation's name at once, without a reload.
    const face = page.getByTestId('organisation-face');
    await face.getByText(organisation.name).waitFor();
    await expect
      .poll(() => face.locator('img').evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBe(32);
    // Renamed, the organisation goes by the new name here and in the top bar.
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Organisation name').fill(`${organisation.name} Group`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await face.getByText(`${organisation.name} Group`).waitFor();
    const renamed = await demoApp.app.database.db
      .selectFrom('organisations')
      .select('name')
      .executeTakeFirstOrThrow();
    expect(renamed.name).toBe(`${organisation.name} Group`);
    await close();
  });
});
