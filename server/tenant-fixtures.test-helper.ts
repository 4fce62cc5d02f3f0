import sharp from 'sharp';
import type { TestEngine } from './db/test-database';
import { startTestApp } from './test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;
export type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;
type Id = number | string;

/**
 * Organisation A with one record of every kind a contract's "x-owned" can
 * name (and text only A has, its secrets), and organisation B with the
 * records a request of B's needs beside the id it borrows from A.
 */
export interface TwoOrganisations {
  server: Server;
  a: Member;
  b: Member;
  /** Text of A's that no answer to B may hold. */
  aSecrets: string[];
  /** A's ids by the record names the contracts use: each is tried by B. */
  foreign: Record<string, Id[]>;
  /** One id of B's own of each record, for the other owned places of B's requests. */
  own: Record<string, Id>;
}

const importMapping = {
  timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
  value: { column: 'Value', unit: 'kWh' },
  dataPoint: { column: 'Meter' },
};
const flatSchedule = Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => 0));
const viewOf = (dataPointId: number) => ({ dataPointIds: [dataPointId], range: '7d', resolution: 'hour' });

/** The whole server on a fresh database, with organisations A and B set up through the API. */
export async function twoOrganisations(engine: TestEngine): Promise<TwoOrganisations> {
  const server = await startTestApp(engine);
  const a = await server.memberOfNewOrganisation('owner@org-a.test', 'Org A');
  const b = await server.memberOfNewOrganisation('owner@org-b.test', 'Org B');
  const call = made(server);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
    .png()
    .toBuffer();

  await call(a, 'PUT profile', {
    user_id: a.userId,
    display_name: 'Secret Name A',
    phone_number: '+44 20 7946 0958',
  });
  await call(a, 'localStorage', { org_id: a.organisationId, user_id: a.userId, custom: '{"secret":"ui-a"}' });
  const aOrgImage = (await call(a, 'uploadOrgImage', png)).image;
  await call(a, 'sendUserInvite', { email: 'invitee@org-a.test' });

  const places = async (owner: Member, name: string, extra: object = {}) => {
    const site = (await call(owner, 'addEntity', { type: 'site', name, timeZone: 'UTC', ...extra })).entity
      .id;
    const building = (
      await call(owner, 'addEntity', { type: 'building', name: `${name} building`, parentId: site })
    ).entity.id;
    const image = (await call(owner, `uploadEntityImage?entityId=${site}`, png)).image;
    const point = (
      await call(owner, 'addDataPointsRef', {
        dataPoints: [
          {
            entityId: building,
            name: `${name} point`,
            intent: 'electricity',
            unit: 'kWh',
            kind: 'cumulative',
          },
        ],
      })
    ).dataPoints[0].id;
    const virtual = (
      await call(owner, 'virtualDatapoint', { name: `${name} virtual`, formula: `#${point} * 2` })
    ).dataPoint.id;
    return { site, building, point, pointName: `${name} point`, virtual, image };
  };
  const aPlaces = await places(a, 'Secret Site A', { address: '1 Secret Road', tags: ['secret-tag-a'] });
  const bPlaces = await places(b, 'Site B');

  const records = async (
    owner: Member,
    name: string,
    {
      site,
      point,
      building,
      pointName,
    }: { site: number; point: number; building: number; pointName: string },
  ) => {
    // The register falls to a value far from zero: a suspicious step, the record registerStepDecide names.
    const file = Buffer.from(
      `Meter,Time,Value\n${pointName},2024-01-01T00:00:00Z,5000\n${pointName},2024-01-01T00:15:00Z,3000\n`,
    );
    const meterFile = (
      await call(owner, `meterfiles?name=${encodeURIComponent(`${name}.csv`)}`, file, 'text/csv')
    ).fileId;
    const dataImport = (await call(owner, 'dataImport', { fileId: meterFile, mapping: importMapping })).id;
    // Imports run in the background: done before the checks count writes.
    const ended = await call(owner, 'getUserDataImport', { importId: dataImport, waitMs: 25_000 });
    if (ended.imports[0].status !== 'done')
      throw new Error(`setting up, the import ended ${ended.imports[0].status}`);
    const importTemplate = (
      await call(owner, 'importTemplates', { name: `${name} template`, mapping: importMapping })
    ).templates[0].id;
    const apiKey = (await call(owner, 'restApi', { name: `${name} key` })).apiKey.id;
    const savedView = (await call(owner, 'addExplorer', { name: `${name} view`, view: viewOf(point) }))
      .explorer.id;
    const label = (
      await call(owner, 'dataExplorerLabel', {
        dataPointId: point,
        from: '2024-01-01T00:00:00Z',
        to: '2024-01-02T00:00:00Z',
        text: `${name} label`,
        color: '#e53e3e',
      })
    ).label.id;
    const event = (
      await call(owner, 'dataExplorerEvent', {
        entityId: building,
        at: '2024-01-01T00:00:00Z',
        title: `${name} event`,
        category: 'retrofit',
      })
    ).event.id;
    const bookmark = (
      await call(owner, 'bookMark', { title: `${name} bookmark`, view: viewOf(point), explorerId: savedView })
    ).bookmark.id;
    const registerStep = (await call(owner, 'registerSteps', { dataPointId: point })).steps[0].id;
    // A monthly report on the site, scheduled, so that its schedule and its title are A's secrets too.
    const report = (
      await call(owner, 'report', {
        title: `${name} report`,
        document: { schemaVersion: 2, id: 'reports/tenant', title: `${name} report`, rows: [] },
        scope: { kind: 'sites', siteIds: [site] },
        period: { kind: 'lastMonth' },
        timeZone: 'UTC',
        schedule: { every: 'month', on: { workingDay: 1 }, at: '07:00' },
      })
    ).report.id;
    // A floor plan of the building with the point placed on it: its name, picture and markers are A's.
    const floorPlan = (
      await call(owner, `floorPlan?entityId=${building}&name=${encodeURIComponent(`${name} plan`)}`, png)
    ).plan.id;
    await call(owner, `PUT floorPlan/${floorPlan}`, {
      name: `${name} plan`,
      markers: [{ key: 'meter', x: 0.5, y: 0.5, dataPointId: point }],
      zones: [],
      colourScale: null,
      baseRevision: 1,
    });
    // A kept forecast model of the point, waiting for its first fit (no job runs here).
    const forecastModel = (await call(owner, 'forecastModelSave', { dataPointId: point, trainingWeeks: 8 }))
      .model.id;
    // A run of it, queued (no renderer runs here): its PDF is A's too.
    const reportRun = (await call(owner, 'pdfGenerate', { reportId: report })).run.id;
    // A stored page, started from a template so that reset has something to reset to.
    const page = (await call(owner, 'dashboard', { title: `${name} page`, template: 'dashboard' })).page.id;
    const tariff = (
      await call(owner, 'utilityOrTariff', {
        name: `${name} tariff`,
        utility: 'electricity',
        unit: 'kWh',
        currency: 'EUR',
        versions: [
          {
            validFrom: '2024-01-01',
            validTo: null,
            windows: [{ name: `${name} window`, tiers: [{ upTo: null, price: 0.3 }] }],
            schedule: { weekday: flatSchedule, weekend: flatSchedule },
          },
        ],
        assignments: [{ kind: 'dataPoint', id: point }],
      })
    ).tariff.id;
    const benchmarkNormaliser = (
      await call(owner, 'benchmarkNormaliser', {
        name: `${name} figure`,
        unit: 'person',
        values: [{ siteId: site, year: 2025, value: 120 }],
      })
    ).normaliser.id;
    const alertRule = (
      await call(owner, 'thresholds', {
        name: `${name} rule`,
        dataPointId: point,
        condition: { kind: 'above', value: 10, hysteresis: 0, forMinutes: 0 },
        severity: 'warning',
        cooldownMinutes: 0,
        activeHours: null,
        enabled: true,
      })
    ).rule.id;
    // An alert of the rule and its notification, as the evaluator leaves them (server/alerts/transitions.ts).
    const { id: alert } = await server.db
      .insertInto('alerts')
      .values({
        organisation_id: owner.organisationId,
        rule_id: alertRule,
        state: 'firing',
        value: 12,
        started_at: new Date('2024-01-01T00:00:00Z'),
        fired_at: new Date('2024-01-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: notification } = await server.db
      .insertInto('notifications')
      .values({
        organisation_id: owner.organisationId,
        user_id: owner.userId,
        alert_id: alert,
        state: 'firing',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alertChannel = (
      await call(owner, 'channel', {
        name: `${name} webhook`,
        url: `https://hooks.example.com/${encodeURIComponent(name)}`,
        minSeverity: 'info',
        enabled: true,
      })
    ).channel.id;
    // A post of the alert to the webhook that failed, as the delivery job leaves it (webhook-deliveries.ts).
    const { id: channelDelivery } = await server.db
      .insertInto('notification_deliveries')
      .values({
        organisation_id: owner.organisationId,
        alert_id: alert,
        channel: 'webhook',
        channel_id: alertChannel,
        recipient: `https://hooks.example.com/${encodeURIComponent(name)}`,
        subject: `[warning] ${name} rule`,
        body: '{}',
        attempts: 1,
        error: 'The receiver answered 503.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      alertRule,
      alert,
      notification,
      alertChannel,
      channelDelivery,
      meterFile,
      dataImport,
      importTemplate,
      apiKey,
      savedView,
      label,
      event,
      bookmark,
      registerStep,
      page,
      report,
      reportRun,
      tariff,
      benchmarkNormaliser,
      floorPlan,
      forecastModel,
    };
  };
  const aRecords = await records(a, 'Secret A', aPlaces);
  const bRecords = await records(b, 'B', bPlaces);
  const device = async (owner: Member, name: string, point: number, devEui: string) =>
    (
      await call(owner, 'lorawanCreateDevice', {
        devEui,
        name,
        decoder: { type: 'cayenne-lpp' },
        fields: { temperature_1: point },
      })
    ).device.id;
  const aDevice = await device(a, 'Secret Device A', aPlaces.point, '70B3D57ED0061A2C');
  // B's DevEUI differs from A's, which is among A's secrets (two organisations may share one).
  const bDevice = await device(b, 'Device B', bPlaces.point, '70B3D57ED0061B00');

  return {
    server,
    a,
    b,
    aSecrets: [
      ...[
        'Secret Name A',
        '7946',
        'ui-a',
        aOrgImage,
        aPlaces.image,
        'invitee@org-a.test',
        'owner@org-a.test',
      ],
      ...[
        'Secret Site A',
        '1 Secret Road',
        'secret-tag-a',
        'Secret A',
        'Secret Device A',
        '70B3D57ED0061A2C',
      ],
    ],
    foreign: {
      organisation: [a.organisationId],
      user: [a.userId],
      member: [a.userId],
      entity: [aPlaces.site, aPlaces.building],
      site: [aPlaces.site],
      dataPoint: [aPlaces.point, aPlaces.virtual],
      virtualDataPoint: [aPlaces.virtual],
      ...Object.fromEntries(Object.entries(aRecords).map(([record, id]) => [record, [id]])),
      import: [aRecords.dataImport],
      lorawanDevice: [aDevice],
    },
    own: {
      organisation: b.organisationId,
      user: b.userId,
      member: b.userId,
      entity: bPlaces.building,
      site: bPlaces.site,
      dataPoint: bPlaces.point,
      virtualDataPoint: bPlaces.virtual,
      ...bRecords,
      import: bRecords.dataImport,
      lorawanDevice: bDevice,
    },
  };
}

/**
 * Calls "[METHOD ]path" as a member and answers the body, or throws: a set-up
 * step that fails would make every later check meaningless. A Buffer body is uploaded with its type.
 */
function made(server: Server) {
  return async (owner: Member, address: string, body: object, contentType = 'image/png') => {
    const [method, path] = address.includes(' ') ? address.split(' ') : ['POST', address];
    const response = await server.app.inject({
      method: method as 'POST' | 'PUT',
      url: `/api/${path}`,
      headers: {
        authorization: `Bearer ${owner.token}`,
        ...(Buffer.isBuffer(body) ? { 'content-type': contentType } : {}),
      },
      payload: Buffer.isBuffer(body) ? body : (body as object),
    });
    if (response.statusCode !== 200) {
      throw new Error(`setting up, ${address} answered ${response.statusCode}: ${response.body}`);
    }
    // biome-ignore lint/suspicious/noExplicitAny: set-up reads the one field it needs from each answer.
    return response.json() as any;
  };
}
