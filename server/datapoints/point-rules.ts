import type { LayoutIssue } from '../../src/engine/validation/issue';
import type { DataPointKind } from '../db/tables';
import type { PlacedEntity } from './entity-tree';
import { intentProblem } from './intents';

/** The settings of a data point that must agree with each other. */
export interface PointSettings {
  intent: string;
  unit: string;
  kind: DataPointKind;
  registerMax: number | null;
}

/** Problems with one point's settings, each at `${pointer}/<field>`. */
export function settingsProblems(settings: PointSettings, pointer: string): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const problem = intentProblem(settings.intent, settings.unit, settings.kind);
  if (problem) issues.push({ pointer: `${pointer}/${problem.field}`, message: problem.reason });
  if (settings.registerMax !== null && settings.kind !== 'cumulative') {
    issues.push({
      pointer: `${pointer}/registerMax`,
      message: 'only a cumulative register rolls over; leave it out for other kinds',
    });
  }
  return issues;
}

/**
 * The time zone a point on this entity takes: its site's. Without one, days
 * and coverage could not be cut, so the point is refused until the site has it.
 */
export function siteTimeZone(entity: PlacedEntity, pointer: string): string | LayoutIssue {
  if (entity.timeZone) return entity.timeZone;
  return {
    pointer: `${pointer}/entityId`,
    message: `${entity.name} is not in a site with a time zone; set the site's time zone first`,
  };
}

/** Names and MQTT topics are unique in the organisation (each has its own MQTT namespace). */
export function duplicateProblems(
  wanted: { name: string; mqttTopic: string | null }[],
  taken: { names: Set<string>; topics: Set<string> },
  pointer: (index: number) => string,
): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const names = new Set<string>();
  const topics = new Set<string>();
  wanted.forEach(({ name, mqttTopic }, index) => {
    if (taken.names.has(name)) {
      issues.push({
        pointer: `${pointer(index)}/name`,
        message: `a data point named "${name}" already exists in your organisation`,
      });
    } else if (names.has(name)) {
      issues.push({
        pointer: `${pointer(index)}/name`,
        message: `"${name}" is sent twice; names must be unique`,
      });
    }
    names.add(name);
    if (mqttTopic === null) return;
    if (taken.topics.has(mqttTopic) || topics.has(mqttTopic)) {
      issues.push({
        pointer: `${pointer(index)}/mqttTopic`,
        message: `MQTT topic "${mqttTopic}" already feeds another data point of your organisation`,
      });
    }
    topics.add(mqttTopic);
  });
  return issues;
}

/** PostgreSQL's unique_violation: two requests raced for the same name or topic. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}
