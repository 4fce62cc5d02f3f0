import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test-app';
import { nominatimGeocoder } from './geocoder';
import { standInNominatim } from './stand-in-nominatim.test-helper';

type App = Awaited<ReturnType<typeof startTestApp>>;

/** The spacing asked of the geocoder here: short, so the test is quick, but long enough to see. */
const SPACING_MS = 300;

describe('looking an address up', () => {
  const nominatim = standInNominatim();
  let withGeocoder: App;
  let without: App;
  let editor: { token: string };
  let viewer: { token: string };

  beforeAll(async () => {
    const baseUrl = await nominatim.start();
    withGeocoder = await startTestApp('pglite', {
      geocoder: nominatimGeocoder(baseUrl, 'Insights (http://insights.test)', SPACING_MS),
    });
    without = await startTestApp('pglite', { geocoder: null });
    editor = await withGeocoder.memberOfNewOrganisation('editor@geocode.test', 'Geocoding Ltd');
    const viewerMember = await withGeocoder.memberOfNewOrganisation('viewer@geocode.test', 'Viewers');
    await withGeocoder.db
      .updateTable('users')
      .set({ role: 'viewer' })
      .where('id', '=', viewerMember.userId)
      .execute();
    viewer = viewerMember;
  });
  afterAll(async () => {
    await Promise.all([withGeocoder?.close(), without?.close()]);
    await nominatim.close();
  });

  it('tells the browser whether addresses can be looked up', async () => {
    expect((await withGeocoder.app.inject('/api/appConfig')).json()).toMatchObject({ geocoder: true });
    expect((await without.app.inject('/api/appConfig')).json()).toMatchObject({ geocoder: false });
  });

  it("offers the places an address may mean, named in the person's language, with coordinates as numbers", async () => {
    nominatim.answerWith(200, [
      { lat: '48.8583701', lon: '2.2944813', display_name: 'Tour Eiffel, Paris, France' },
      { lat: 'not a number', lon: '2.1', display_name: 'A result without a place' },
      { lat: '95', lon: '2.1', display_name: 'Off the earth' },
      { lat: '36.1', lon: '-115.17', display_name: 'Tour Eiffel, Las Vegas, États-Unis' },
    ]);
    const asked = nominatim.asked.length;
    const answer = await withGeocoder.api('geocode', editor.token, {
      address: '  Champ de Mars, Paris ',
      language: 'fr-FR',
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        places: [
          { label: 'Tour Eiffel, Paris, France', latitude: 48.8583701, longitude: 2.2944813 },
          { label: 'Tour Eiffel, Las Vegas, États-Unis', latitude: 36.1, longitude: -115.17 },
        ],
      },
    });
    const [request] = nominatim.asked.slice(asked);
    expect(request?.url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      q: 'Champ de Mars, Paris',
      format: 'jsonv2',
      limit: '5',
    });
    expect(request?.headers['accept-language']).toBe('fr-FR');
    // Nominatim's usage policy: an application names itself.
    expect(request?.headers['user-agent']).toBe('Insights (http://insights.test)');
  });

  it('asks the geocoder one search at a time, spaced apart, as its usage policy asks', async () => {
    nominatim.answerWith(200, []);
    const asked = nominatim.asked.length;
    const answers = await Promise.all(
      ['Lyon', 'Lille', 'Nantes'].map((address) => withGeocoder.api('geocode', editor.token, { address })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const times = nominatim.asked.slice(asked).map((request) => request.at);
    expect(times).toHaveLength(3);
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(SPACING_MS - 20);
    }
  });

  it('says the lookup failed, and what to do instead, when the geocoder errs or answers nonsense', async () => {
    for (const [status, body, why] of [
      [500, { error: 'down' }, 'it answered 500'],
      [200, '<html>busy</html>', 'its answer was not a list of places'],
      [200, { places: [] }, 'its answer was not a list of places'],
    ] as const) {
      nominatim.answerWith(status, body);
      const answer = await withGeocoder.api('geocode', editor.token, { address: 'Paris' });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(
        new RegExp(`the geocoder at 127\\.0\\.0\\.1:\\d+ failed \\(${why}\\)`),
      );
      expect(answer.body.message).toContain(
        'Place the site by clicking the map or typing its coordinates instead.',
      );
    }
  });

  it('says it could not reach a geocoder that is not there', async () => {
    const gone = standInNominatim();
    const baseUrl = await gone.start();
    await gone.close();
    const answer = await nominatimGeocoder(baseUrl, 'Insights test', 0)
      .search('Paris', 'en-US')
      .catch((error: Error & { status?: number }) => error);
    expect(answer).toMatchObject({ status: 502 });
    expect((answer as Error).message).toMatch(/failed \(it could not be reached\)/);
  });

  it('refuses a viewer, who cannot place sites, and a blank address', async () => {
    expect((await withGeocoder.api('geocode', viewer.token, { address: 'Paris' })).status).toBe(403);
    const blank = await withGeocoder.api('geocode', editor.token, { address: '   ' });
    expect(blank.status).toBe(400);
  });

  it('says there is no geocoder, and what to do instead, when the server has none', async () => {
    const member = await without.memberOfNewOrganisation('owner@no-geocoder.test', 'No geocoder');
    const answer = await without.api('geocode', member.token, { address: 'Paris' });
    expect(answer).toEqual({
      status: 404,
      body: expect.objectContaining({
        message:
          'This server has no geocoder set up (GEOCODER_URL), so addresses cannot be looked up. Place the site by clicking the map or typing its coordinates instead.',
      }),
    });
  });
});
