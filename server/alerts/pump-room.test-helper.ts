import { expect } from 'vitest';
import type { AlertSeverity } from '../../src/generated/api-types';
import { siteWithRoom } from '../datapoints/test-places.test-helper';
import type { startTestApp } from '../test-app';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * Where the alert tests fire: the owner of a new organisation, signed in,
 * with a pump room in London and its pressure (bar, a value at an instant).
 */
export async function pumpRoom(server: TestApp, email: string, organisationName: string) {
  const owner = await server.memberOfNewOrganisation(email, organisationName);
  const places = await siteWithRoom(server.db, owner.organisationId, 'Europe/London', 'Pump room');
  const added = await server.api('addDataPointsRef', owner.token, {
    dataPoints: [
      { entityId: places.roomId, name: 'Pump pressure', intent: 'other', unit: 'bar', kind: 'instantaneous' },
    ],
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  return { ...owner, pump: added.body.dataPoints[0].id as number };
}

/** A rule made through the API, always active, without cooldown: over `value` at once; its id. */
export async function ruleAbove(
  server: TestApp,
  token: string,
  dataPointId: number,
  {
    name,
    severity,
    value,
    hysteresis = 0,
  }: { name: string; severity: AlertSeverity; value: number; hysteresis?: number },
): Promise<number> {
  const made = await server.api('thresholds', token, {
    name,
    dataPointId,
    condition: { kind: 'above', value, hysteresis, forMinutes: 0 },
    severity,
    cooldownMinutes: 0,
    activeHours: null,
    enabled: true,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.rule.id;
}
