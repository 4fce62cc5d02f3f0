import { sql } from 'kysely';
import type { ActiveHours, AlertSeverity, FlowCondition } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { writeReadingsFrom } from '../readings/readings-writer';
import { NORMAL, type RuleState, type Transition } from './evaluate';
import { NEWS_WINDOW_MS } from './evaluate-rules';
import { alertTransitions, type FlowAction, type FlowState, runFlow, startFlow } from './flow-judge';
import {
  type FlowPoints,
  flowPoints,
  type LoadedReadings,
  loadFlowReadings,
  storedUnder,
} from './flow-readings';
import { Recipients } from './recipients';
import { applyTransitions } from './transitions';

/** Flows judged in one transaction, their rows held so no other process judges them meanwhile. */
const FLOWS_PER_BATCH = 50;
/** Moments judged per flow in a run: a flow behind by a long import catches up over several runs. */
const MOMENTS_PER_RUN = 2_000;
/** A flow with no new reading is judged again after this long, where time alone can change it (holdDueFlows). */
const QUIET_EVERY_MS = 50_000;

/** A flow's rule as judging reads it, with its state and where its alert shows. */
interface FlowRule {
  id: number;
  organisation_id: number;
  name: string;
  severity: AlertSeverity;
  condition: FlowCondition;
  cooldown_minutes: number;
  active_hours: ActiveHours | null;
  state: Partial<RuleState> & { flow?: FlowState };
  judges_after: Date;
  input_point_ids: number[];
  time_zone: string;
  point_name: string;
}

export interface FlowEvaluation {
  judged: number;
  /** Whether mail or webhook posts were queued, to send them now. */
  deliveriesQueued: boolean;
  /** Whether MQTT messages were queued. */
  publishesQueued: boolean;
  /** The organisations whose members were notified. */
  notified: number[];
}

/**
 * Judges every enabled flow with news: a reading of a point it reads after
 * those it judged, or nothing judged for QUIET_EVERY_MS where time alone
 * can change it (a for or a schedule step, the rule's hours or cooldown
 * holding an action back). Each flow is judged at each new
 * reading's instant, in order, and at `now`; what its actions do is stored
 * with its state in one transaction, or none of it is.
 */
export async function evaluateFlows(
  db: Database,
  options: { now: Date; publicUrl: string },
): Promise<FlowEvaluation> {
  const total: FlowEvaluation = { judged: 0, deliveriesQueued: false, publishesQueued: false, notified: [] };
  const done: number[] = [];
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const flows = await holdDueFlows(trx, done, options.now.getTime());
      const result: FlowEvaluation = {
        judged: flows.length,
        deliveriesQueued: false,
        publishesQueued: false,
        notified: [],
      };
      const recipients = new Recipients(trx);
      const judged: JudgedFlow[] = [];
      for (const organisation of byOrganisation(flows)) {
        const { points, loaded } = await loadOrganisationReadings(trx, organisation, options.now.getTime());
        for (const flow of organisation) judged.push(judgeFlow(flow, points, loaded, options.now.getTime()));
      }
      for (const item of judged) {
        const outcome = await act(trx, item, options.publicUrl, recipients);
        result.deliveriesQueued ||= outcome.deliveriesQueued;
        result.publishesQueued ||= outcome.publishesQueued;
      }
      await saveStates(trx, judged);
      return { ...result, notified: recipients.notifiedOrganisations, ids: flows.map((flow) => flow.id) };
    });
    total.judged += batch.judged;
    total.deliveriesQueued ||= batch.deliveriesQueued;
    total.publishesQueued ||= batch.publishesQueued;
    total.notified = [...new Set([...total.notified, ...batch.notified])];
    done.push(...batch.ids);
    if (batch.ids.length < FLOWS_PER_BATCH) return total;
  }
}

async function holdDueFlows(trx: Database, done: readonly number[], nowMs: number): Promise<FlowRule[]> {
  const { rows } = await sql<Omit<FlowRule, 'judges_after'> & { judges_after: Date }>`
    select r.id, r.organisation_id, r.name, r.severity, r.condition, r.cooldown_minutes, r.active_hours,
           r.state, r.judges_after, r.input_point_ids, p.time_zone, p.name as point_name
    from alert_rules as r
    join data_points as p on p.id = r.data_point_id
    where r.enabled and r.condition->>'kind' = 'flow'
      and r.id <> all(${[...done]}::int4[])
      -- Judged again with no news only where time alone can change something: a for or a schedule step,
      -- or an action held back by the rule's hours or cooldown.
      and ((coalesce((r.state->'flow'->>'at')::float8, 0) < ${nowMs - QUIET_EVERY_MS}
            -- active_hours holds JSON null for "always".
            and (jsonb_typeof(r.active_hours) = 'object' or r.cooldown_minutes > 0
                 or r.condition @? '$.nodes[*] ? (@.kind == "for" || @.kind == "schedule")'))
           or exists (select 1 from data_points as q
                      where q.id = any(r.input_point_ids)
                        and q.last_ts > to_timestamp(coalesce((r.state->'flow'->>'through')::float8,
                                                              extract(epoch from r.judges_after) * 1000) / 1000.0)))
    order by r.id
    limit ${FLOWS_PER_BATCH}
    for update of r skip locked
  `.execute(trx);
  return rows;
}

function byOrganisation(flows: readonly FlowRule[]): FlowRule[][] {
  const groups = new Map<number, FlowRule[]>();
  for (const flow of flows)
    groups.set(flow.organisation_id, [...(groups.get(flow.organisation_id) ?? []), flow]);
  return [...groups.values()];
}

/** Where a flow's judging starts: after its last judged reading, and never more than a day back. */
function judgedAfter(flow: FlowRule, now: number): { state: FlowState; after: number } {
  const state = flow.state.flow ?? startFlow(flow.judges_after.getTime());
  // Readings older than a day when written are history, as for every rule (NEWS_WINDOW_MS).
  return { state, after: Math.max(state.through, now - NEWS_WINDOW_MS) };
}

/**
 * The readings every flow of one organisation in the batch needs, in two
 * queries for all of them: their points (a deleted one left out) and the
 * readings from the earliest any of them still has to judge.
 */
async function loadOrganisationReadings(trx: Database, flows: readonly FlowRule[], now: number) {
  const nodes = flows.flatMap((flow) => flow.condition.nodes);
  const points = await flowPoints(trx, (flows[0] as FlowRule).organisation_id, { nodes }, 'left out');
  const after = Math.min(...flows.map((flow) => judgedAfter(flow, now).after));
  const lookBack = Math.max(0, ...nodes.map((node) => (node.minutes ?? 0) * 60_000));
  return { points, loaded: await loadFlowReadings(trx, points, after, now, lookBack) };
}

/** A flow judged: its rule, where it got to, the alert's changes and what its actions do. */
interface JudgedFlow {
  rule: FlowRule;
  state: RuleState & { flow: FlowState };
  /** The stored points it reads now: a virtual point's formula may have changed since it was saved. */
  inputs: number[];
  transitions: Transition[];
  actions: FlowAction[];
}

/** Judges one flow at each new reading of the points it reads, and, once caught up, at now. */
function judgeFlow(rule: FlowRule, points: FlowPoints, loaded: LoadedReadings, now: number): JudgedFlow {
  const stored: RuleState = { ...NORMAL, ...rule.state };
  const start = judgedAfter(rule, now);
  const inputs = storedUnder(
    points,
    rule.condition.nodes.flatMap((node) => (node.kind === 'point' ? [node.dataPointId as number] : [])),
  );
  const moments = loaded.momentsOf(inputs, start.after);
  const judged = moments.slice(0, MOMENTS_PER_RUN);
  const caughtUp = judged.length === moments.length;
  const judgedRule = {
    activeHours: rule.active_hours,
    cooldownMinutes: rule.cooldown_minutes,
    timeZone: rule.time_zone,
  };
  // Once caught up, judged at now as well: a for or a schedule moves on with time alone.
  const run = runFlow(
    rule.condition,
    judgedRule,
    start.state,
    loaded.readings,
    caughtUp ? [...judged, now] : judged,
  );
  const flow = { ...run.state, through: Math.max(start.state.through, judged.at(-1) ?? start.state.through) };
  const alert = alertTransitions(rule.condition, start.state, run.actions);
  const state = {
    ...stored,
    alert: alert.alert,
    since: alert.alert === 'normal' ? null : (alert.since ?? stored.since),
    lastFiredAt: alert.firedAt ?? stored.lastFiredAt,
    flow,
  };
  return { rule, state, inputs, transitions: alert.transitions, actions: run.actions };
}

/** What a judged flow's actions do, in the batch's transaction: its alert, the values written, the messages queued. */
async function act(
  trx: Database,
  { rule, transitions, actions }: JudgedFlow,
  publicUrl: string,
  recipients: Recipients,
): Promise<Omit<FlowEvaluation, 'judged' | 'notified'>> {
  const alerting = {
    id: rule.id,
    organisationId: rule.organisation_id,
    name: rule.name,
    severity: rule.severity,
    dataPointName: rule.point_name,
  };
  const deliveriesQueued =
    transitions.length > 0 &&
    (await applyTransitions(trx, [{ rule: alerting, transitions }], publicUrl, recipients));
  await writeValues(trx, rule, actions);
  return { deliveriesQueued, publishesQueued: await queuePublishes(trx, rule, actions) };
}

/** Every judged flow's new state, and the points it reads now, in one statement. */
async function saveStates(trx: Database, judged: readonly JudgedFlow[]): Promise<void> {
  if (judged.length === 0) return;
  await sql`
    update alert_rules as r
    set state = s.state,
        input_point_ids = s.inputs::int4[]
    from unnest(${judged.map((item) => item.rule.id)}::int4[],
                ${judged.map((item) => JSON.stringify(item.state))}::jsonb[],
                ${judged.map((item) => `{${item.inputs.join(',')}}`)}::text[]) as s(id, state, inputs)
    where r.id = s.id
  `.execute(trx);
}

/**
 * Each write action's value (or off value) stored as a reading of its
 * point at the moment it acted, by the one readings writer, in the flow's
 * transaction: a control output follows its condition.
 */
async function writeValues(trx: Database, rule: FlowRule, actions: readonly FlowAction[]): Promise<void> {
  const writes = actions.flatMap(({ node, on, at }) => {
    if (node.kind !== 'write') return [];
    const value = on ? node.value : node.offValue;
    return value === undefined || value === null ? [] : [{ pointId: node.dataPointId as number, at, value }];
  });
  if (writes.length === 0) return;
  const targets = await trx
    .selectFrom('data_points')
    .select(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
    .where('organisation_id', '=', rule.organisation_id)
    .where(
      'id',
      'in',
      writes.map((write) => write.pointId),
    )
    .execute();
  await writeReadingsFrom(trx, 'rule', async (write) => {
    for (const target of targets) {
      const own = writes.filter((item) => item.pointId === target.id);
      await write.batch(target, { ts: own.map((item) => item.at), values: own.map((item) => item.value) });
    }
  });
}

/** Each publish action's payload (or off payload), queued for the broker in the flow's transaction. */
async function queuePublishes(
  trx: Database,
  rule: FlowRule,
  actions: readonly FlowAction[],
): Promise<boolean> {
  const rows = actions.flatMap(({ node, on }) => {
    if (node.kind !== 'publish') return [];
    const payload = on ? node.payload : node.offPayload;
    return payload === undefined || payload === null
      ? []
      : [{ organisation_id: rule.organisation_id, rule_id: rule.id, topic: node.topic as string, payload }];
  });
  if (rows.length === 0) return false;
  await trx.insertInto('flow_publishes').values(rows).execute();
  return true;
}
