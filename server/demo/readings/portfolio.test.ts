import { describe, expect, it } from 'vitest';
import { DEMO_PORTFOLIO, type DemoEntity, findEntity, siteOf } from './portfolio.ts';

function entities(root: DemoEntity): DemoEntity[] {
  return [root, ...(root.children ?? []).flatMap(entities)];
}

describe('DEMO_PORTFOLIO', () => {
  const all = DEMO_PORTFOLIO.sites.flatMap(entities);

  it('has three sites with addresses, coordinates, time zones, areas and climates', () => {
    expect(DEMO_PORTFOLIO.sites.map((site) => [site.timeZone, site.country])).toEqual([
      ['Europe/London', 'GB'],
      ['Australia/Sydney', 'AU'],
      ['America/New_York', 'US'],
    ]);
    for (const site of DEMO_PORTFOLIO.sites) {
      expect(site.type).toBe('site');
      expect(site.address).toMatch(/\d/);
      expect(Math.abs(site.latitude ?? 99)).toBeLessThan(90);
      expect(Math.abs(site.longitude ?? 999)).toBeLessThan(180);
      expect(site.floorAreaM2).toBeGreaterThan(1000);
      expect(site.climate).toBeDefined();
    }
    expect(DEMO_PORTFOLIO.sites[1]?.latitude).toBeLessThan(0);
  });

  it('nests buildings, floors, zones, rooms and assets under the sites, with unique keys', () => {
    const keys = [...all.map((entity) => entity.key), ...DEMO_PORTFOLIO.dataPoints.map((point) => point.key)];
    expect(new Set(keys).size).toBe(keys.length);
    for (const type of ['building', 'floor', 'zone', 'room', 'asset'] as const) {
      expect(all.filter((entity) => entity.type === type).length).toBeGreaterThanOrEqual(3);
    }
    for (const entity of all.filter((entity) => entity.type !== 'site'))
      expect(entity.address).toBeUndefined();
  });

  it('has about 30 data points on known entities, each with a consistent unit', () => {
    const points = DEMO_PORTFOLIO.dataPoints;
    expect(points.length).toBeGreaterThanOrEqual(28);
    expect(points.length).toBeLessThanOrEqual(36);
    const units = {
      electricity: ['kWh', 'kW'],
      gas: ['m³'],
      water: ['m³'],
      temperature: ['°C'],
      outdoorTemperature: ['°C'],
      co2: ['ppm'],
      occupancy: ['%'],
    };
    for (const point of points) {
      expect(findEntity(siteOf(point), point.entityKey)).toBeDefined();
      expect(units[point.intent]).toContain(point.unit);
      if (point.unit === 'kW') expect(point.kind).toBe('instantaneous');
    }
  });

  it('meters every site: main, three sub-meters, gas, water, zone sensors and the weather', () => {
    for (const site of DEMO_PORTFOLIO.sites) {
      const points = DEMO_PORTFOLIO.dataPoints.filter((point) => siteOf(point) === site);
      const has = (intent: string, kind: string) =>
        points.filter((point) => point.intent === intent && point.kind === kind).length;
      expect(points.filter((point) => point.circuit === 'main' && point.kind === 'cumulative')).toHaveLength(
        1,
      );
      expect(
        points
          .filter((point) => point.intent === 'electricity' && point.kind === 'interval')
          .map((point) => point.circuit),
      ).toEqual(['lighting', 'hvac', 'small-power']);
      expect(has('gas', 'cumulative')).toBe(1);
      expect(has('water', 'cumulative')).toBe(1);
      expect(has('temperature', 'instantaneous')).toBeGreaterThanOrEqual(2);
      expect(has('co2', 'instantaneous')).toBeGreaterThanOrEqual(1);
      expect(has('occupancy', 'instantaneous')).toBe(1);
      expect(has('outdoorTemperature', 'instantaneous')).toBe(1);
    }
  });

  it('keeps the weather apart from the rooms: the outdoor point on a place tagged outdoor, indoor ones off it', () => {
    const tagsOf = (point: (typeof DEMO_PORTFOLIO.dataPoints)[number]) =>
      findEntity(siteOf(point), point.entityKey)?.tags ?? [];
    for (const point of DEMO_PORTFOLIO.dataPoints) {
      if (point.intent === 'outdoorTemperature') {
        expect(point.unit, point.key).toBe('°C');
        expect(tagsOf(point), point.key).toContain('outdoor');
      }
      // An indoor temperature on an outdoor place would be taken for the weather by the older rule of degree days.
      if (point.intent === 'temperature') expect(tagsOf(point), point.key).not.toContain('outdoor');
    }
  });

  it('documents one rollover (with registerMax 999 999) and one meter exchange', () => {
    const events = DEMO_PORTFOLIO.dataPoints.filter((point) => point.registerEvent);
    expect(events.map((point) => [point.key, point.registerEvent?.kind, point.registerMax])).toEqual([
      ['lon-elec-main', 'rollover', 999_999],
      ['syd-elec-main', 'meter-exchange', undefined],
    ]);
    expect(DEMO_PORTFOLIO.dataPoints.filter((point) => point.registerMax !== undefined)).toHaveLength(1);
  });
});
