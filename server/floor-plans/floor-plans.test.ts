import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FloorPlan } from '../../src/generated/api-types';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import { describeEachEngine } from '../db/test-database';
import type { Member } from '../tenant-fixtures.test-helper';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const SVG_WITH = (inside: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">${inside}</svg>`);

describeEachEngine('floor plans on %s', (engine) => {
  let server: Server;
  let a: Member;
  let b: Member;
  let floorId: number;
  let roomId: number;
  let thermometer: number;
  let pointOfB: number;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestApp(engine);
    a = await server.memberOfNewOrganisation('a@plans.test', 'Plans A');
    b = await server.memberOfNewOrganisation('b@plans.test', 'Plans B');
    const placesA = await siteWithRoom(server.db, a.organisationId, 'Europe/London');
    const placesB = await siteWithRoom(server.db, b.organisationId, 'Europe/Berlin');
    floorId = placesA.siteId;
    roomId = placesA.roomId;
    thermometer = (
      await server.api('addDataPointsRef', a.token, {
        dataPoints: [
          { entityId: roomId, name: 'Room 1', intent: 'temperature', unit: '°C', kind: 'instantaneous' },
        ],
      })
    ).body.dataPoints[0].id;
    pointOfB = (
      await server.api('addDataPointsRef', b.token, {
        dataPoints: [
          {
            entityId: placesB.roomId,
            name: 'Room B',
            intent: 'temperature',
            unit: '°C',
            kind: 'instantaneous',
          },
        ],
      })
    ).body.dataPoints[0].id;
    png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => server?.close());

  const create = (bytes: Buffer, type: string, entityId = floorId, token = a.token) =>
    server.upload(`floorPlan?entityId=${entityId}&name=Ground%20floor`, token, bytes, type);

  describe('a plan made, placed on and read back', () => {
    let plan: FloorPlan;

    it('stores the picture as WebP and answers its size, with nothing placed yet', async () => {
      const created = await create(png, 'image/png');
      expect(created.status).toBe(200);
      plan = created.body.plan;
      expect(plan).toMatchObject({ name: 'Ground floor', width: 1600, height: 1000, markers: [], zones: [] });
      expect(plan.image).toMatch(/^FLOOR_PLAN\/[0-9a-f-]{36}\.webp$/);
      const stored = await server.storage.get(plan.image);
      expect((await sharp(stored as Buffer).metadata()).format).toBe('webp');
    });

    it('refuses a second plan of the same place', async () => {
      const again = await create(png, 'image/png');
      expect(again.status).toBe(409);
      expect(again.body.message).toContain('has a floor plan already');
    });

    it("saves markers and zones, and answers each point's latest reading and open alert", async () => {
      const rule = await server.api('thresholds', a.token, {
        name: 'Too warm',
        dataPointId: thermometer,
        condition: { kind: 'above', value: 25, hysteresis: 0, forMinutes: 0 },
        severity: 'critical',
        cooldownMinutes: 0,
        activeHours: null,
        enabled: true,
      });
      // Its alert firing, as the evaluator leaves it (server/alerts/transitions.ts).
      await server.db
        .insertInto('alerts')
        .values({
          organisation_id: a.organisationId,
          rule_id: rule.body.rule.id,
          state: 'firing',
          value: 27,
          started_at: new Date('2026-11-30T09:00:00Z'),
          fired_at: new Date('2026-11-30T09:00:00Z'),
        })
        .execute();
      await server.db
        .insertInto('readings')
        .values({
          organisation_id: a.organisationId,
          data_point_id: thermometer,
          ts: new Date('2026-11-30T10:00:00Z'),
          value: 21.5,
        })
        .execute();
      const saved = await server.api(
        `floorPlan/${plan.id}`,
        a.token,
        {
          name: 'Ground floor',
          markers: [{ key: 'm1', x: 0.25, y: 0.5, dataPointId: thermometer }],
          zones: [
            {
              key: 'z1',
              name: 'Room 1',
              points: [
                [0.1, 0.1],
                [0.4, 0.1],
                [0.4, 0.6],
              ],
              placeId: roomId,
              dataPointId: thermometer,
            },
          ],
          colourScale: { min: 18, max: 26 },
          baseRevision: 1,
        },
        'PUT',
      );
      expect(saved.status).toBe(200);
      const read = await server.api(`floorPlan/${plan.id}`, a.token, undefined, 'GET');
      expect(read.body.plan).toMatchObject({
        revision: 2,
        colourScale: { min: 18, max: 26 },
        markers: [{ key: 'm1', x: 0.25, y: 0.5, dataPointId: thermometer }],
        points: [
          {
            id: thermometer,
            name: 'Room 1',
            unit: '°C',
            latest: { time: '2026-11-30T10:00:00.000Z', value: 21.5 },
            alert: { state: 'firing', severity: 'critical' },
          },
        ],
      });
      const listed = await server.api('floorPlans', a.token, undefined, 'GET');
      expect(listed.body.plans).toEqual([expect.objectContaining({ id: plan.id, markers: 1, zones: 1 })]);
    });

    it('refuses a save over a revision someone else saved since, and keeps theirs', async () => {
      const stale = await server.api(
        `floorPlan/${plan.id}`,
        a.token,
        {
          name: 'Overwritten',
          markers: [],
          zones: [],
          colourScale: null,
          baseRevision: 1,
        },
        'PUT',
      );
      expect(stale.status).toBe(409);
      expect(stale.body.message).toContain('is at revision 2');
      const read = await server.api(`floorPlan/${plan.id}`, a.token, undefined, 'GET');
      expect(read.body.plan.name).toBe('Ground floor');
      expect(read.body.plan.markers).toHaveLength(1);
    });

    it("refuses another organisation's point as no point at all, and stores nothing", async () => {
      const refused = await server.api(
        `floorPlan/${plan.id}`,
        a.token,
        {
          name: 'Ground floor',
          markers: [{ key: 'b', x: 0.5, y: 0.5, dataPointId: pointOfB }],
          zones: [],
          colourScale: null,
          baseRevision: 2,
        },
        'PUT',
      );
      expect(refused.status).toBe(404);
      expect(refused.body.message).toContain(`data point ${pointOfB}`);
      expect((await server.api(`floorPlan/${plan.id}`, b.token, undefined, 'GET')).status).toBe(404);
    });

    it('replaces the picture and keeps what was placed on it', async () => {
      const wider = await sharp({ create: { width: 800, height: 400, channels: 3, background: 'grey' } })
        .jpeg()
        .toBuffer();
      const replaced = await server.upload(`floorPlan/${plan.id}/image`, a.token, wider, 'image/jpeg');
      expect(replaced.status).toBe(200);
      expect(replaced.body.plan).toMatchObject({ width: 800, height: 400, revision: 3 });
      expect(replaced.body.plan.markers).toHaveLength(1);
      expect(await server.storage.get(plan.image)).toBeUndefined();
    });
  });

  describe('pictures that are not plans', () => {
    it('refuses a file that is not a picture', async () => {
      const text = await create(Buffer.from('Meter,Time,Value\n'), 'image/png', roomId);
      expect(text.status).toBe(415);
      expect(text.body.message).toContain('not a picture of a plan');
    });

    it('refuses a file over 20 MB before reading it', async () => {
      const huge = await create(Buffer.alloc(50 * 1024 * 1024), 'image/png', roomId);
      expect(huge.status).toBe(413);
      expect(huge.body.message).toBe(
        'The plan is larger than 20 MB; export it at a smaller size, or as PNG or JPEG.',
      );
    });

    it.each([
      ['a script', '<script>alert(1)</script>'],
      ['an event handler', '<rect width="10" height="10" onload="alert(1)"/>'],
      ['HTML', '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml">hi</body></foreignObject>'],
      ['a reference to another file', '<image href="https://evil.example/x.png" width="10" height="10"/>'],
      ['a file on the server', '<image href="file:///etc/passwd" width="10" height="10"/>'],
    ])('refuses an SVG with %s, and stores nothing', async (_what, inside) => {
      const before = await server.db.selectFrom('floor_plans').select('id').execute();
      const refused = await create(SVG_WITH(inside), 'image/svg+xml', roomId);
      expect(refused.status).toBe(415);
      expect(refused.body.message).toMatch(/^The SVG holds /);
      expect(await server.db.selectFrom('floor_plans').select('id').execute()).toEqual(before);
    });

    it('draws a plain SVG into a WebP picture, so no SVG is ever served', async () => {
      const drawn = await create(
        SVG_WITH('<rect x="10" y="10" width="380" height="180" fill="none" stroke="black"/>'),
        'image/svg+xml',
        roomId,
      );
      expect(drawn.status).toBe(200);
      expect(drawn.body.plan.width / drawn.body.plan.height).toBeCloseTo(2, 1);
      const stored = await server.storage.get(drawn.body.plan.image);
      expect((await sharp(stored as Buffer).metadata()).format).toBe('webp');
    });
  });
});
