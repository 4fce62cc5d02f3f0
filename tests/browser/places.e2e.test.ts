import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoAppForThisFile } from './demo-app';

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
  it('adds a building with a picture to a site, opens it, and renames it', async () => {
    const site = await demoApp.app.database.db
      .selectFrom('entities')
      .select(['id', 'name'])
      .where('type', '=', 'site')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { page, close } = await signedInPage(`/sites/${site.id}`);
    // The site's own page: its name in the breadcrumbs.
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByText(site.name).waitFor();

    await page.getByRole('button', { name: `Add to ${site.name}` }).click();
    const add = page.getByRole('dialog', { name: `Add to ${site.name}` });
    await add.getByLabel('Type').selectOption('building');
    await add.getByLabel(/^Name/).fill('Plant house');
    await add.getByLabel('Picture').setInputFiles({
      name: 'plant-house.png',
      mimeType: 'image/png',
      buffer: await picture('#2f9e44'),
    });
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'detached' });
    // Saved, the app opens the new place, with its picture served back.
    await page.waitForURL(/\/sites\/\d+$/);
    const buildingId = Number(new URL(page.url()).pathname.split('/').pop());
    await imageShown(page, 'Plant house');
    const building = await demoApp.app.database.db
      .selectFrom('entities')
      .select(['name', 'type', 'parent_id', 'image_key'])
      .where('id', '=', buildingId)
      .executeTakeFirstOrThrow();
    expect(building).toMatchObject({ name: 'Plant house', type: 'building', parent_id: site.id });
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

  it("uploads the organisation's logo, which the organisation page then shows", async () => {
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
    await close();
  });
});
