import type {
  FlowCondition,
  ThresholdReplayRequest,
  ThresholdReplayResponse,
} from '../../src/generated/api-types';
import type { Database } from '../db/database';
import {
  type JudgedRule,
  judgedReadings,
  judgeQuiet,
  judgeReadings,
  judgeSteps,
  NORMAL,
  type Reading,
  type Transition,
} from './evaluate';
import { alertTransitions, runFlow, startFlow } from './flow-judge';
import { flowPoints, loadFlowReadings } from './flow-readings';
import { hourlySamples, isHourly } from './hourly-samples';
import { flaggedSteps } from './judged-steps';
import { ownPoint } from './own-point';

const DAY_MS = 86_400_000;
/** Firings listed in an answer: the count says how many there were in all. */
const LISTED_FIRINGS = 500;

/**
 * A rule judged over the point's stored readings of the last days by the
 * evaluator the live evaluation uses, from a rule with nothing open: when it
 * would have fired, and until when. Nothing is stored and nobody is told.
 */
export async function replayRule(
  db: Database,
  organisationId: number,
  request: ThresholdReplayRequest,
  now = new Date(),
): Promise<ThresholdReplayResponse> {
  const point = await ownPoint(db, organisationId, request.dataPointId);
  const from = new Date(now.getTime() - request.days * DAY_MS);
  if (request.condition.kind === 'flow')
    return replayFlow(db, organisationId, request.condition, request, point, from, now);
  const rule: JudgedRule = {
    condition: request.condition,
    cooldownMinutes: request.cooldownMinutes,
    activeHours: request.activeHours,
    timeZone: point.time_zone,
  };
  const { condition } = request;
  if (condition.kind === 'flaggedStep') {
    const steps = await flaggedSteps(db, { organisation_id: organisationId, id: point.id }, from, now, now);
    return answer(from, now, steps.length, judgeSteps(rule, NORMAL, steps, now.getTime()).transitions);
  }
  const readings = isHourly(condition)
    ? await hourlySamples(
        db,
        { id: point.id, organisationId, timeZone: point.time_zone },
        condition,
        from.getTime(),
        Math.min(now.getTime(), point.last_ts?.getTime() ?? -Infinity),
      )
    : await storedReadings(db, { ...point, organisation_id: organisationId }, from, now);
  // A silent feed is measured from the start of the window, as a rule made then would have been.
  const start = { ...NORMAL, lastReadingAt: from.getTime() };
  const judged = judgeReadings(rule, start, readings);
  const quiet = judgeQuiet(rule, judged.state, now.getTime());
  return answer(from, now, readings.length, [...judged.transitions, ...quiet.transitions]);
}

/** The replay's answer: how much was judged over the window, and the firings found. */
function answer(
  from: Date,
  to: Date,
  judged: number,
  transitions: readonly Transition[],
): ThresholdReplayResponse {
  const firings = firingsOf(transitions);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    readings: judged,
    fired: firings.length,
    firings: firings.slice(0, LISTED_FIRINGS),
  };
}

/** What a reading rule judges of the point's readings in (from, to]. */
async function storedReadings(
  db: Database,
  point: { organisation_id: number; id: number; kind: string },
  from: Date,
  to: Date,
): Promise<Reading[]> {
  const rows = await db
    .selectFrom('readings')
    .select(['ts', 'value', 'delta'])
    .where('organisation_id', '=', point.organisation_id)
    .where('data_point_id', '=', point.id)
    .where('ts', '>', from)
    .where('ts', '<=', to)
    .orderBy('ts')
    .execute();
  return judgedReadings(rows, point.kind === 'cumulative');
}

/** Each firing with the resolution that ended it; a pending alert that never fired is not one. */
function firingsOf(transitions: readonly Transition[]): ThresholdReplayResponse['firings'] {
  const firings: ThresholdReplayResponse['firings'] = [];
  let open: ThresholdReplayResponse['firings'][number] | undefined;
  for (const transition of transitions) {
    if (transition.to === 'firing') {
      open = { firedAt: new Date(transition.at).toISOString(), resolvedAt: null, value: transition.value };
      firings.push(open);
    } else if (transition.to === 'resolved' && open) {
      open.resolvedAt = new Date(transition.at).toISOString();
      open = undefined;
    }
  }
  return firings;
}

/** A flow judged at each reading of the points it reads over the window, and at its end. */
async function replayFlow(
  db: Database,
  organisationId: number,
  flow: FlowCondition,
  request: ThresholdReplayRequest,
  point: { time_zone: string },
  from: Date,
  now: Date,
): Promise<ThresholdReplayResponse> {
  const points = await flowPoints(db, organisationId, flow);
  const lookBack = Math.max(0, ...flow.nodes.map((node) => (node.minutes ?? 0) * 60_000));
  const loaded = await loadFlowReadings(db, points, from.getTime(), now.getTime(), lookBack);
  const { readings } = loaded;
  const moments = loaded.momentsOf(points.stored, from.getTime());
  const rule = {
    activeHours: request.activeHours,
    cooldownMinutes: request.cooldownMinutes,
    timeZone: point.time_zone,
  };
  const run = runFlow(flow, rule, startFlow(from.getTime()), readings, [...moments, now.getTime()]);
  return answer(
    from,
    now,
    moments.length,
    alertTransitions(flow, startFlow(from.getTime()), run.actions).transitions,
  );
}
