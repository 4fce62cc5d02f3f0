import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './db/test-database';
import { startTestApp } from './test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

/**
 * For every signed-in endpoint: a member of organisation B names
 * organisation A's ids and gets 403 or 404, none of A's data, and A's data
 * stays as it was.
 */
describeEachEngine('tenant isolation on %s', (engine) => {
  let server: Server;
  let a: Member;
  let b: Member;
  let aSecrets: string[];
  /** A's site and a building in it, and a site of B's own to move things under. */
  let aPlaces: { site: number; building: number };
  let bSite: number;
  /** A's data point and API key, and a point of B's own: B tries to read, change, move onto and revoke them. */
  const dataFeeds = { aPoint: 0, aBuilding: 0, aKey: 0, bPoint: 0 };

  beforeAll(async () => {
    server = await startTestApp(engine);
    a = await server.memberOfNewOrganisation('owner@org-a.test', 'Org A');
    b = await server.memberOfNewOrganisation('owner@org-b.test', 'Org B');
    await server.api(
      'profile',
      a.token,
      { user_id: a.userId, display_name: 'Secret Name A', phone_number: '+44 20 7946 0958' },
      'PUT',
    );
    await server.api('localStorage', a.token, {
      org_id: a.organisationId,
      user_id: a.userId,
      custom: '{"secret":"ui-a"}',
    });
    const logo = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    await server.upload('uploadOrgImage', a.token, logo, 'image/png');
    await server.api('sendUserInvite', a.token, { email: 'invitee@org-a.test' });
    aSecrets = ['Secret Name A', '7946', 'ui-a', 'ORG_IMAGE/', 'invitee@org-a.test', 'owner@org-a.test'];
    const aSite = await server.api('addEntity', a.token, {
      type: 'site',
      name: 'Secret Site A',
      timeZone: 'Europe/London',
      address: '1 Secret Road',
      tags: ['secret-tag-a'],
    });
    const aBuilding = await server.api('addEntity', a.token, {
      type: 'building',
      name: 'Secret Building A',
      parentId: aSite.body.entity.id,
    });
    await server.upload(`uploadEntityImage?entityId=${aSite.body.entity.id}`, a.token, logo, 'image/png');
    aPlaces = { site: aSite.body.entity.id, building: aBuilding.body.entity.id };
    bSite = (await server.api('addEntity', b.token, { type: 'site', name: 'Site B', timeZone: 'UTC' })).body
      .entity.id;
    aSecrets.push('Secret Site A', 'Secret Building A', '1 Secret Road', 'secret-tag-a', 'ENTITY_IMAGE/');
    // Data points and API keys (server/datapoints, server/integrations/rest), on the places made above.
    const point = (token: string, entityId: number, name: string) =>
      server.api('addDataPointsRef', token, {
        dataPoints: [{ entityId, name, intent: 'electricity', unit: 'kWh', kind: 'cumulative' }],
      });
    dataFeeds.aPoint = (await point(a.token, aPlaces.building, 'Secret Point A')).body.dataPoints[0].id;
    dataFeeds.bPoint = (await point(b.token, bSite, 'Point B')).body.dataPoints[0].id;
    dataFeeds.aBuilding = aPlaces.building;
    dataFeeds.aKey = (await server.api('restApi', a.token, { name: 'Secret Key A' })).body.apiKey.id;
    aSecrets.push('Secret Point A', 'Secret Key A');
    await setUpImports();
    await setUpLorawan();
    await setUpExplorerViews();
  });
  afterAll(async () => server?.close());

  /** Each signed-in route, tried by B against A. */
  const attempts: Record<string, () => Promise<{ status: number; body: unknown }>> = {
    'POST /api/billing': () => server.api('billing', b.token, { orgId: a.organisationId }),
    'POST /api/billing/checkout': () =>
      server.api('billing/checkout', b.token, { orgId: a.organisationId, plan: 'PRO' }),
    'POST /api/getUsers': () => server.api('getUsers', b.token, { orgId: a.organisationId }),
    'POST /api/removeUser': () => server.api('removeUser', b.token, { userId: a.userId }),
    'POST /api/profile': () => server.api('profile', b.token, { user_id: a.userId }),
    'PUT /api/profile': () =>
      server.api('profile', b.token, { user_id: a.userId, display_name: 'Hijacked' }, 'PUT'),
    'POST /api/updateUserProfile': () =>
      server.api('updateUserProfile', b.token, { user_id: a.userId, display_name: 'Hijacked' }),
    'POST /api/orgImage': () => server.api('orgImage', b.token, { org_id: a.organisationId }),
    'PUT /api/orgImage': () =>
      server.api('orgImage', b.token, { org_id: a.organisationId, user_image: null }, 'PUT'),
    'POST /api/localStorage': () => server.api('localStorage', b.token, { org_id: a.organisationId }),
    'POST /api/localStorage (save)': () =>
      server.api('localStorage', b.token, {
        org_id: a.organisationId,
        user_id: a.userId,
        custom: '{"secret":"overwritten"}',
      }),
    'POST /api/acceptUserInvite': async () => {
      const token = (
        await server.db
          .selectFrom('invitations')
          .select('token')
          .where('email', '=', 'invitee@org-a.test')
          .executeTakeFirstOrThrow()
      ).token;
      return server.api('acceptUserInvite', b.token, {
        inviteToken: token,
        userId: b.userId,
        username: 'owner@org-b.test',
      });
    },
    'POST /api/site': () => server.api('site', b.token, { entityId: aPlaces.building }),
    'POST /api/addEntity': () =>
      server.api('addEntity', b.token, { type: 'building', name: 'Intruder', parentId: aPlaces.site }),
    'POST /api/updateEntity': () =>
      server.api('updateEntity', b.token, { entityId: aPlaces.site, name: 'Hijacked' }),
    'POST /api/updateEntity (move ours under theirs)': async () => {
      const bBuilding = await server.api('addEntity', b.token, {
        type: 'building',
        name: 'B1',
        parentId: bSite,
      });
      return server.api('updateEntity', b.token, {
        entityId: bBuilding.body.entity.id,
        parentId: aPlaces.site,
      });
    },
    'POST /api/updateEntity (move theirs under ours)': () =>
      server.api('updateEntity', b.token, { entityId: aPlaces.building, parentId: bSite }),
    'POST /api/uploadEntityImage': async () => {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'blue' } })
        .png()
        .toBuffer();
      return server.upload(`uploadEntityImage?entityId=${aPlaces.site}`, b.token, png, 'image/png');
    },
    'POST /api/accept-invite': async () => {
      const token = (
        await server.db
          .selectFrom('invitations')
          .select('token')
          .where('email', '=', 'invitee@org-a.test')
          .executeTakeFirstOrThrow()
      ).token;
      return server.api('accept-invite', b.token, {
        inviteToken: token,
        userId: a.userId,
        username: 'owner@org-a.test',
      });
    },
  };

  /** Routes whose only target is the caller's own organisation or self: B can reach nothing of A through them. */
  const OWN_SCOPE_ONLY = [
    'POST /api/addOrganisation',
    'POST /api/sendUserInvite',
    'POST /api/uploadOrgImage',
    'POST /api/uploadUserLogo',
    // The sites lists answer only the caller's own tree; "B's lists show none of A's places" checks them.
    'POST /api/sites',
    'POST /api/siteTree',
    'POST /api/tags',
    'POST /api/project',
    'POST /api/entityTypes',
    'GET /api/findEntities',
  ];
  /** Routes that answer before sign-in, tested in users.test.ts and app-config.test.ts. */
  const PUBLIC = ['GET /api/appConfig', 'POST /api/preAuthorization', 'POST /api/resendverifiedEmailCode'];

  Object.assign(attempts, {
    'POST /api/getDataPoint': () => server.api('getDataPoint', b.token, { dataPointId: dataFeeds.aPoint }),
    'POST /api/getDataPoint (entity)': () =>
      server.api('getDataPoint', b.token, { entityId: dataFeeds.aBuilding }),
    'POST /api/addDataPointsRef': () =>
      server.api('addDataPointsRef', b.token, {
        dataPoints: [
          { entityId: dataFeeds.aBuilding, name: 'Intruder', intent: 'gas', unit: 'm³', kind: 'cumulative' },
        ],
      }),
    'POST /api/replaceDataPoint': () =>
      server.api('replaceDataPoint', b.token, { dataPointId: dataFeeds.aPoint, name: 'Hijacked' }),
    'POST /api/replaceDataPoint (move ours onto theirs)': () =>
      server.api('replaceDataPoint', b.token, {
        dataPointId: dataFeeds.bPoint,
        entityId: dataFeeds.aBuilding,
      }),
    'DELETE /api/restApi/:id': async () => {
      const response = await server.app.inject({
        method: 'DELETE',
        url: `/api/restApi/${dataFeeds.aKey}`,
        headers: { authorization: `Bearer ${b.token}` },
      });
      return { status: response.statusCode, body: response.json() };
    },
  });
  // Lists and creations of the caller's own organisation only: the catalogue, its sources, its keys.
  OWN_SCOPE_ONLY.push(
    'POST /api/dataPointIntents',
    'POST /api/source',
    'GET /api/restApi',
    'POST /api/restApi',
  );
  /** Authenticated by an API key, not a session; one organisation's key writing another's points is refused in server/integrations/rest/rest-push.test.ts. */
  const API_KEY_ONLY = ['POST /api/readings'];

  /** LoRaWAN: A has a device feeding A's point; B tries to map A's point to a device of its own. Called at the end of the set-up above. */
  async function setUpLorawan() {
    await server.api('lorawanCreateDevice', a.token, {
      devEui: '70B3D57ED0061A2C',
      name: 'Secret Device A',
      decoder: { type: 'cayenne-lpp' },
      fields: { temperature_1: dataFeeds.aPoint },
    });
    aSecrets.push('Secret Device A', '70B3D57ED0061A2C');
  }
  Object.assign(attempts, {
    'POST /api/lorawanCreateDevice': () =>
      server.api('lorawanCreateDevice', b.token, {
        devEui: '0004A30B001C0530',
        name: 'Intruder',
        decoder: { type: 'network' },
        fields: { temperature: dataFeeds.aPoint },
      }),
  });
  // The device list answers the caller's own organisation only; checked below.
  OWN_SCOPE_ONLY.push('POST /api/lorawan');

  it("B's LoRaWAN list shows none of A's devices, and A's device is as it was", async () => {
    const listed = await server.api('lorawan', b.token, {});
    expect(listed.status).toBe(200);
    expect(listed.body.devices).toEqual([]);
    for (const secret of aSecrets) expect(JSON.stringify(listed.body)).not.toContain(secret);
    const own = (await server.api('lorawan', a.token, {})).body.devices;
    expect(own).toEqual([
      expect.objectContaining({ name: 'Secret Device A', fields: { temperature_1: dataFeeds.aPoint } }),
    ]);
  });

  it("leaves organisation A's data points and API keys as they were", async () => {
    const listed = await server.api('getDataPoint', a.token, {});
    expect(listed.body.dataPoints.map((point: { name: string }) => point.name).sort()).toEqual([
      'Secret Point A',
      'Secret Virtual A',
    ]);
    const key = await server.db
      .selectFrom('api_keys')
      .select('revoked_at')
      .where('id', '=', dataFeeds.aKey)
      .executeTakeFirstOrThrow();
    expect(key.revoked_at).toBeNull();
  });

  // Meter-file imports (server/imports): A's uploaded file, import and template.
  const imports = { aFile: 0, aImport: 0, aTemplate: 0 };
  const importMapping = {
    timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
    value: { column: 'Value', unit: 'kWh' },
    dataPoint: { column: 'Meter' },
  };
  /** Called at the end of the set-up above: needs A's data point. */
  async function setUpImports() {
    const file = Buffer.from('Meter,Time,Value\nSecret Point A,2024-01-01T00:00:00Z,5\n');
    imports.aFile = (
      await server.upload('meterfiles?name=secret-a.csv', a.token, file, 'text/csv')
    ).body.fileId;
    imports.aImport = (
      await server.api('dataImport', a.token, { fileId: imports.aFile, mapping: importMapping })
    ).body.id;
    imports.aTemplate = (
      await server.api('importTemplates', a.token, { name: 'Secret Template A', mapping: importMapping })
    ).body.templates[0].id;
    aSecrets.push('secret-a.csv', 'Secret Template A');
  }
  OWN_SCOPE_ONLY.push('POST /api/meterfiles', 'POST /api/importTemplates', 'POST /api/transfer_sftp');
  Object.assign(attempts, {
    'POST /api/getDataImport': () =>
      server.api('getDataImport', b.token, { fileId: imports.aFile, mapping: importMapping }),
    'POST /api/dataImport': () =>
      server.api('dataImport', b.token, { fileId: imports.aFile, mapping: importMapping }),
    'POST /api/getUserDataImport': () =>
      server.api('getUserDataImport', b.token, { importId: imports.aImport }),
    'DELETE /api/importTemplates/:id': async () => {
      const response = await server.app.inject({
        method: 'DELETE',
        url: `/api/importTemplates/${imports.aTemplate}`,
        headers: { authorization: `Bearer ${b.token}` },
      });
      return { status: response.statusCode, body: response.json() };
    },
  });
  it("keeps A's import template and import history", async () => {
    expect((await server.api('importTemplates', a.token, {})).body.templates).toHaveLength(1);
    expect((await server.api('getUserDataImport', a.token, {})).body.imports).toHaveLength(1);
    expect((await server.api('getUserDataImport', b.token, {})).body.imports).toEqual([]);
  });

  it('covers every route under /api', async () => {
    const routes = server.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const match = /(\/api\/\S+) \(([^)]+)\)/.exec(line);
        if (!match || match[1]?.startsWith('/api/docs')) return [];
        return (match[2] ?? '')
          .split(', ')
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method} ${match[1]}`);
      });
    const covered = new Set([
      ...Object.keys(attempts).map((name) => name.replace(/ \(.*\)$/, '')),
      ...OWN_SCOPE_ONLY,
      ...PUBLIC,
      ...API_KEY_ONLY,
    ]);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });

  it.each(Object.keys(attempts))(
    '%s refuses another organisation and shows none of its data',
    async (name) => {
      const response = await attempts[name]?.();
      expect([403, 404]).toContain(response?.status);
      const text = JSON.stringify(response?.body);
      for (const secret of aSecrets) expect(text).not.toContain(secret);
    },
  );

  it("B's lists of sites, tree, tags and portfolio show none of A's places", async () => {
    for (const path of ['sites', 'siteTree', 'tags', 'project', 'entityTypes']) {
      const response = await server.api(path, b.token, {});
      expect(response.status).toBe(200);
      for (const secret of aSecrets) expect(JSON.stringify(response.body)).not.toContain(secret);
    }
    for (const search of ['Secret', 'secret-tag-a', 'Building']) {
      const found = await asB('GET', `findEntities?search=${search}`);
      expect(found.status).toBe(200);
      expect(found.body.total).toBe(0);
    }
    expect((await server.api('project', b.token, {})).body.sites).toBe(1);
  });

  it("leaves organisation A's tree as it was", async () => {
    const tree = (await server.api('siteTree', a.token, {})).body;
    expect(tree.sites).toEqual([
      expect.objectContaining({
        name: 'Secret Site A',
        children: [expect.objectContaining({ name: 'Secret Building A', children: [] })],
      }),
    ]);
    expect((await server.api('site', a.token, { entityId: aPlaces.site })).body.entity.image).toMatch(
      /^ENTITY_IMAGE\//,
    );
  });

  it("leaves organisation A's data as it was", async () => {
    expect((await server.api('profile', a.token, { user_id: a.userId })).body[0]).toMatchObject({
      display_name: 'Secret Name A',
    });
    expect(
      JSON.parse((await server.api('localStorage', a.token, { org_id: a.organisationId })).body[0].uxConfig),
    ).toEqual({ secret: 'ui-a' });
    expect((await server.api('orgImage', a.token, { org_id: a.organisationId })).body[0].image).toMatch(
      /^ORG_IMAGE\//,
    );
    expect((await server.api('getUsers', a.token, {})).body.users).toHaveLength(1);
    expect((await server.api('billing', a.token, { orgId: a.organisationId })).body.subscription.status).toBe(
      'incomplete',
    );
    const b2 = await server.db
      .selectFrom('users')
      .select('organisation_id')
      .where('id', '=', b.userId)
      .executeTakeFirstOrThrow();
    expect(b2.organisation_id).toBe(b.organisationId);
  });

  // Saved explorer views, labels, events (server/explorers, server/annotations) and bookmarks (server/bookmarks).
  const views = { aExplorer: 0, aLabel: 0, aEvent: 0, aBookmark: 0, bExplorer: 0, aVirtual: 0 };
  const viewOf = (dataPointId: number) => ({ dataPointIds: [dataPointId], range: '7d', resolution: 'hour' });
  /** Any verb with B's token, for the GET and DELETE routes server.api does not send. */
  async function asB(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) {
    const response = await server.app.inject({
      method,
      url: `/api/${path}`,
      headers: { authorization: `Bearer ${b.token}` },
      ...(body === undefined ? {} : { payload: body }),
    });
    return { status: response.statusCode, body: response.json() };
  }
  /** Called at the end of the set-up above: needs A's data point and building. */
  async function setUpExplorerViews() {
    views.aExplorer = (
      await server.api('addExplorer', a.token, { name: 'Secret View A', view: viewOf(dataFeeds.aPoint) })
    ).body.explorer.id;
    views.aLabel = (
      await server.api('dataExplorerLabel', a.token, {
        dataPointId: dataFeeds.aPoint,
        from: '2024-01-01T00:00:00Z',
        to: '2024-01-02T00:00:00Z',
        text: 'Secret Label A',
        color: '#e53e3e',
      })
    ).body.label.id;
    views.aEvent = (
      await server.api('dataExplorerEvent', a.token, {
        entityId: aPlaces.building,
        at: '2024-01-01T00:00:00Z',
        title: 'Secret Event A',
        category: 'retrofit',
      })
    ).body.event.id;
    views.aBookmark = (
      await server.api('bookMark', a.token, {
        title: 'Secret Bookmark A',
        view: viewOf(dataFeeds.aPoint),
        explorerId: views.aExplorer,
      })
    ).body.bookmark.id;
    views.bExplorer = (
      await server.api('addExplorer', b.token, { name: 'View B', view: viewOf(dataFeeds.bPoint) })
    ).body.explorer.id;
    views.aVirtual = (
      await server.api('virtualDatapoint', a.token, {
        name: 'Secret Virtual A',
        formula: `#${dataFeeds.aPoint} * 2`,
      })
    ).body.dataPoint.id;
    aSecrets.push(
      'Secret View A',
      'Secret Label A',
      'Secret Event A',
      'Secret Bookmark A',
      'Secret Virtual A',
    );
  }
  Object.assign(attempts, {
    'POST /api/addExplorer': () =>
      server.api('addExplorer', b.token, { name: 'Intruder', view: viewOf(dataFeeds.aPoint) }),
    'POST /api/updateDataExplorer': () =>
      server.api('updateDataExplorer', b.token, { id: views.aExplorer, name: 'Hijacked' }),
    'POST /api/updateDataExplorer (point ours at theirs)': () =>
      server.api('updateDataExplorer', b.token, { id: views.bExplorer, view: viewOf(dataFeeds.aPoint) }),
    'POST /api/deleteDataExplorer': () => server.api('deleteDataExplorer', b.token, { id: views.aExplorer }),
    'POST /api/dataExplorerLabel': () =>
      asB('POST', 'dataExplorerLabel', {
        dataPointId: dataFeeds.aPoint,
        from: '2024-01-01T00:00:00Z',
        to: '2024-01-02T00:00:00Z',
        text: 'Intruder',
        color: '#000000',
      }),
    'DELETE /api/dataExplorerLabel/:id': () => asB('DELETE', `dataExplorerLabel/${views.aLabel}`),
    'POST /api/dataExplorerEvent': () =>
      asB('POST', 'dataExplorerEvent', {
        entityId: aPlaces.site,
        at: '2024-01-01T00:00:00Z',
        title: 'Intruder',
        category: 'other',
      }),
    'DELETE /api/dataExplorerEvent/:id': () => asB('DELETE', `dataExplorerEvent/${views.aEvent}`),
    'POST /api/bookMark': () =>
      asB('POST', 'bookMark', { title: 'Intruder', view: viewOf(dataFeeds.aPoint) }),
    'POST /api/bookMark (their saved view)': () =>
      asB('POST', 'bookMark', {
        title: 'Intruder',
        view: viewOf(dataFeeds.bPoint),
        explorerId: views.aExplorer,
      }),
    'DELETE /api/bookMark/:id': () => asB('DELETE', `bookMark/${views.aBookmark}`),
  });
  // Lists of the caller's own organisation (and, for bookmarks, the caller's own): checked below.
  OWN_SCOPE_ONLY.push(
    'POST /api/getDateExplorer',
    'GET /api/dataExplorerLabel',
    'GET /api/dataExplorerEvent',
    'GET /api/bookMark',
  );

  it("B's lists of saved views, labels, events and bookmarks show none of A's, and A's are as they were", async () => {
    const bLists = [
      await asB('POST', 'getDateExplorer', {}),
      await asB('GET', `dataExplorerLabel?dataPointIds=${dataFeeds.aPoint}`),
      await asB('GET', 'dataExplorerEvent'),
      await asB('GET', 'bookMark'),
    ];
    for (const listed of bLists) {
      expect(listed.status).toBe(200);
      for (const secret of aSecrets) expect(JSON.stringify(listed.body)).not.toContain(secret);
    }
    expect(bLists.map((listed) => listed.body)).toEqual([
      { explorers: [expect.objectContaining({ name: 'View B', view: viewOf(dataFeeds.bPoint) })] },
      { labels: [] },
      { events: [] },
      { bookmarks: [] },
    ]);
    const aGets = async (path: string) =>
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/${path}`,
          headers: { authorization: `Bearer ${a.token}` },
        })
      ).json();
    expect((await server.api('getDateExplorer', a.token, {})).body.explorers).toEqual([
      expect.objectContaining({ id: views.aExplorer, name: 'Secret View A', view: viewOf(dataFeeds.aPoint) }),
    ]);
    expect((await aGets('dataExplorerLabel')).labels).toEqual([
      expect.objectContaining({ id: views.aLabel, text: 'Secret Label A', dataPointId: dataFeeds.aPoint }),
    ]);
    expect((await aGets('dataExplorerEvent')).events).toEqual([
      expect.objectContaining({ id: views.aEvent, title: 'Secret Event A', entityId: aPlaces.building }),
    ]);
    expect((await aGets('bookMark')).bookmarks).toEqual([
      expect.objectContaining({
        id: views.aBookmark,
        title: 'Secret Bookmark A',
        explorerId: views.aExplorer,
      }),
    ]);
  });

  // The Data Explorer's series, exports, usage and virtual points (server/explorer): A's ids get B nothing.
  const lastWeek = { from: '2024-01-01T00:00:00Z', to: '2024-01-08T00:00:00Z' };
  Object.assign(attempts, {
    'POST /api/getChartDataByDate': () =>
      server.api('getChartDataByDate', b.token, { dataPointIds: [dataFeeds.aPoint], ...lastWeek }),
    'POST /api/getChartDataByDate (their virtual point)': () =>
      server.api('getChartDataByDate', b.token, { dataPointIds: [views.aVirtual], ...lastWeek }),
    'POST /api/getChartDataByDateTimestream': () =>
      server.api('getChartDataByDateTimestream', b.token, { dataPointId: dataFeeds.aPoint, ...lastWeek }),
    'POST /api/getChartDataByS3': () =>
      server.api('getChartDataByS3', b.token, {
        dataPointIds: [dataFeeds.aPoint],
        ...lastWeek,
        format: 'csv',
      }),
    'POST /api/explorerSummary': () =>
      server.api('explorerSummary', b.token, { dataPointIds: [dataFeeds.aPoint], ...lastWeek }),
    'POST /api/usage': () =>
      server.api('usage', b.token, { ...lastWeek, by: 'dataPoint', dataPointIds: [dataFeeds.aPoint] }),
    'POST /api/virtualDatapoint': () =>
      server.api('virtualDatapoint', b.token, { name: 'Intruder', formula: `#${dataFeeds.aPoint} - 1` }),
    'POST /api/virtualDatapoint/check': () =>
      server.api('virtualDatapoint/check', b.token, { formula: `#${dataFeeds.aPoint}` }),
    'PUT /api/virtualDatapoint': () =>
      server.api('virtualDatapoint', b.token, { dataPointId: views.aVirtual, name: 'Hijacked' }, 'PUT'),
    'PUT /api/virtualDatapoint (point theirs at ours)': () =>
      server.api(
        'virtualDatapoint',
        b.token,
        { dataPointId: views.aVirtual, formula: `#${dataFeeds.bPoint}` },
        'PUT',
      ),
    'DELETE /api/virtualDatapoint/:id': () => asB('DELETE', `virtualDatapoint/${views.aVirtual}`),
  });
  // The picker's list is the caller's own organisation's points; checked below.
  OWN_SCOPE_ONLY.push('POST /api/getEntitesForDataExplorer');

  it("B's Data Explorer picker lists none of A's points, and A's virtual point is as it was", async () => {
    const picker = await server.api('getEntitesForDataExplorer', b.token, {});
    expect(picker.status).toBe(200);
    for (const secret of aSecrets) expect(JSON.stringify(picker.body)).not.toContain(secret);
    expect(picker.body.dataPoints.map((point: { id: number }) => point.id)).toContain(dataFeeds.bPoint);
    const ours = await server.api('getEntitesForDataExplorer', a.token, {});
    expect(ours.body.dataPoints).toContainEqual(
      expect.objectContaining({
        id: views.aVirtual,
        name: 'Secret Virtual A',
        formula: `[Secret Point A] * 2`,
      }),
    );
  });
});
