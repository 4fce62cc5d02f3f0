import { sql } from 'kysely';
import type { ActiveHours, AlertCondition, AlertSeverity } from '../../src/generated/api-types';
import { judgedOn } from '../../src/rules/judged-on';
import type { Database } from '../db/database';
import type { DataPointKind } from '../db/tables';
import { ofPointRow } from '../readings/point-key';
import type { AlertingRule } from './alerting-rule';
import {
  type JudgedRule,
  type Judgement,
  judgedReadings,
  judgeQuiet,
  judgeReadings,
  judgeSteps,
  NORMAL,
  type RuleState,
} from './evaluate';
import { hourlySamples, isHourly } from './hourly-samples';
import { flaggedSteps } from './judged-steps';
import { Recipients } from './recipients';
import { applyTransitions } from './transitions';

/** Readings read per point at a time: a rule behind by a long import catches up in pieces of this many. */
const READINGS_PER_PIECE = 5_000;

/**
 * Points judged in one transaction. Their progress rows are held and their
 * rules judged together, so a write to many watched points costs a few
 * queries, not a few per rule; a batch's transaction stays short enough not
 * to hold the points of a whole organisation for long.
 */
const POINTS_PER_BATCH = 100;

/**
 * How old a reading may be when it is written and still be news: a gateway
 * sending its last hours late is judged, a year of history imported into a
 * point is not (the replay shows what it would have fired).
 */
export const NEWS_WINDOW_MS = 24 * 3_600_000;

export interface EvaluationOptions {
  /** The moment silent feeds are measured to. */
  now: Date;
  publicUrl: string;
  /** Readings read per point at a time; READINGS_PER_PIECE unless a test needs pieces it can count. */
  readingsPerPiece?: number;
  /** The rules this process read before, kept across evaluations (the job keeps one). */
  cache?: RulesCache;
}

/**
 * Each point's enabled rules as this process last read or wrote them, with
 * the rules_version they are of: a point whose version is unchanged since
 * is judged without reading its rules again, which at every write was the
 * evaluation's largest cost. Any change of a point's rules or their state,
 * by any process, moves its version on.
 */
export type RulesCache = Map<number, { version: number; rules: readonly Rule[] }>;

/** What an evaluation did: the rules it judged, whether any alert changed, and whether mail or posts are to be sent. */
export interface EvaluationResult {
  judged: number;
  changed: boolean;
  deliveriesQueued: boolean;
  /** The organisations whose members were notified. */
  notified: number[];
}

/**
 * Judges the enabled rules of every point with readings its rules have not
 * judged yet, and every silent-feed rule against the clock. The rules of up
 * to POINTS_PER_BATCH points are judged in one transaction that holds those
 * points' progress rows (rule_points), so two processes never judge a
 * point's rules at once, and a crash leaves them either wholly judged up to
 * a reading or not at all.
 */
export async function evaluateRules(db: Database, options: EvaluationOptions): Promise<EvaluationResult> {
  const total: EvaluationResult = { judged: 0, changed: false, deliveriesQueued: false, notified: [] };
  const done: number[] = [];
  for (;;) {
    const batch = await evaluateBatch(db, done, options);
    // Kept once committed: rules read or judged in a transaction that failed are read again.
    for (const [pointId, rules] of batch.rulesNow) options.cache?.set(pointId, rules);
    total.judged += batch.judged;
    total.changed ||= batch.changed;
    total.deliveriesQueued ||= batch.deliveriesQueued;
    total.notified = [...new Set([...total.notified, ...batch.notified])];
    done.push(...batch.pointIds);
    // A short batch took every due point there was (or that no other process holds).
    if (batch.pointIds.length < POINTS_PER_BATCH) return total;
  }
}

/** A rule being judged: what it is, where it has got to, and what it decided on the way. */
interface Judging {
  rule: Rule;
  point: HeldPoint;
  judged: JudgedRule;
  /** The state as stored, to tell whether its alert changed. */
  stored: RuleState;
  state: RuleState;
  through: Date;
  transitions: Judgement['transitions'];
}

/**
 * Judges the rules of up to POINTS_PER_BATCH due points, other than those
 * done, in one transaction; points another process holds are left to it.
 */
async function evaluateBatch(
  db: Database,
  done: readonly number[],
  options: EvaluationOptions,
): Promise<EvaluationResult & { pointIds: number[]; rulesNow: RulesCache }> {
  return db.transaction().execute(async (trx) => {
    const newsFrom = new Date(options.now.getTime() - NEWS_WINDOW_MS);
    const held = await holdDuePoints(trx, done, options.cache);
    const judging: Judging[] = held.flatMap((point) =>
      point.rules.map((rule) => {
        const stored: RuleState = { ...NORMAL, ...rule.state };
        const heard = Math.max(
          stored.lastReadingAt ?? -Infinity,
          point.last_reading_at?.getTime() ?? -Infinity,
        );
        return {
          rule,
          point,
          judged: {
            condition: rule.condition,
            cooldownMinutes: rule.cooldown_minutes,
            activeHours: rule.active_hours,
            timeZone: point.time_zone,
          },
          stored,
          state: { ...stored, lastReadingAt: Number.isFinite(heard) ? heard : null },
          through: latest(rule.judges_after, point.judged_through, newsFrom),
          transitions: [],
        };
      }),
    );
    const judge = (item: Judging, judgement: Judgement) => {
      item.state = judgement.state;
      item.transitions.push(...judgement.transitions);
    };
    // Two at least: each piece starts with the reading before it.
    const perPiece = Math.max(2, options.readingsPerPiece ?? READINGS_PER_PIECE);
    const onReadings = judging.filter(({ rule }) => judgedOn(rule.condition) === 'readings');
    await judgeNewReadings(trx, onReadings, perPiece, judge);
    await judgeNewHours(trx, judging, judge);
    await judgeFlaggedSteps(trx, judging, options.now, judge);
    for (const item of judging) judge(item, judgeQuiet(item.judged, item.state, options.now.getTime()));
    const changes = judging.filter((item) => item.transitions.length > 0);
    // Who is told, and how many mails each had this hour, read once for the batch.
    const recipients = new Recipients(trx);
    const deliveriesQueued = await applyTransitions(
      trx,
      changes.map((item) => ({ rule: alerting(item), transitions: item.transitions })),
      options.publicUrl,
      recipients,
    );
    const result = {
      pointIds: held.map((point) => point.data_point_id),
      judged: judging.length,
      changed: changes.length > 0,
      deliveriesQueued,
      notified: recipients.notifiedOrganisations,
    };
    const changed = await saveChangedStates(trx, judging);
    // The points whose rules' state was saved: their rules_version moves on.
    const restated = new Set([...changed].map((item) => item.point.data_point_id));
    await saveProgress(trx, held, judging, restated);
    return { ...result, rulesNow: rulesNow(held, judging, changed, restated) };
  });
}

/** An enabled rule, as judging reads it. */
interface Rule {
  id: number;
  organisation_id: number;
  data_point_id: number;
  name: string;
  severity: AlertSeverity;
  condition: AlertCondition;
  cooldown_minutes: number;
  active_hours: ActiveHours | null;
  state: Partial<RuleState>;
  judges_after: Date;
}

/** A due point, held, with what judging needs of it and its enabled rules. */
interface HeldPoint {
  data_point_id: number;
  judged_through: Date;
  last_reading_at: Date | null;
  rules_version: number;
  name: string;
  kind: DataPointKind;
  time_zone: string;
  last_ts: Date | null;
  rules: Rule[];
}

/**
 * Holds up to POINTS_PER_BATCH due points (their rule_points rows), other
 * than those done, skipping rows another process holds: points with an
 * enabled rule and readings newer than judged, a silent-feed rule to
 * time, or an open flagged-step alert to resolve. Each comes with its
 * enabled rules, unless the cache holds them at the point's rules_version,
 * as one JSON document rather than a row each:
 * PGlite converts every value of every row on its own, and a thousand rules
 * (50 points of 20) took 27 ms as rows against 6 ms as JSON.
 */
async function holdDuePoints(
  trx: Database,
  done: readonly number[],
  cache: RulesCache | undefined,
): Promise<HeldPoint[]> {
  // Held first, read after, in two statements: on PostgreSQL a statement that waits for a row lock sees the
  // row's newest version but keeps its own snapshot of every other table, so read in one it could pair a
  // change's new rules_version with the rules as they were before the change.
  const { rows: held } = await sql<{ data_point_id: number }>`
    select rp.data_point_id
    from rule_points as rp
    join data_points as p on p.id = rp.data_point_id
    where rp.data_point_id <> all(${[...done]}::int4[])
      and exists (select 1 from alert_rules as r
                  -- A flow reads several points, and is judged on its own (evaluate-flows.ts).
                  where r.data_point_id = rp.data_point_id and r.enabled and r.condition->>'kind' <> 'flow'
                    and (p.last_ts > rp.judged_through or r.condition->>'kind' = 'silent'
                         -- An open flagged-step alert waits for decisions, which write no reading.
                         or (r.condition->>'kind' = 'flaggedStep' and r.state->>'alert' in ('pending', 'firing'))))
    order by rp.data_point_id
    limit ${POINTS_PER_BATCH}
    for update of rp skip locked
  `.execute(trx);
  if (held.length === 0) return [];
  const cached = [...(cache ?? new Map()).entries()];
  const { rows } = await sql<Omit<HeldPoint, 'rules'> & { rules: string | null }>`
    select rp.data_point_id, rp.judged_through, rp.last_reading_at, rp.rules_version,
           p.name, p.kind, p.time_zone, p.last_ts,
           case when (rp.data_point_id, rp.rules_version) in (
                  select * from unnest(${cached.map(([pointId]) => pointId)}::int4[],
                                       ${cached.map(([, entry]) => entry.version)}::int4[]))
                then null
                -- '[]' when the point's rules were switched off meanwhile: null means only "as cached".
                else coalesce((select json_agg(r order by r.id)::text
            from (select id, organisation_id, data_point_id, name, severity, condition, cooldown_minutes,
                         active_hours, state, extract(epoch from judges_after) * 1000 as judges_after_ms
                  from alert_rules
                  where data_point_id = rp.data_point_id and enabled and condition->>'kind' <> 'flow') as r), '[]')
           end as rules
    from rule_points as rp
    join data_points as p on p.id = rp.data_point_id
    where rp.data_point_id = any(${held.map((row) => row.data_point_id)}::int4[])
    order by rp.data_point_id
  `.execute(trx);
  return rows.map(({ rules, ...point }) => ({
    ...point,
    rules: rules === null ? [...(cache?.get(point.data_point_id)?.rules ?? [])] : readRules(rules),
  }));
}

function readRules(json: string): Rule[] {
  const rules = JSON.parse(json) as (Omit<Rule, 'judges_after'> & { judges_after_ms: number })[];
  return rules.map(({ judges_after_ms, ...rule }) => ({
    ...rule,
    judges_after: new Date(Number(judges_after_ms)),
  }));
}

function alerting({ rule, point }: Judging): AlertingRule {
  return {
    id: rule.id,
    organisationId: rule.organisation_id,
    name: rule.name,
    severity: rule.severity,
    dataPointName: point.name,
  };
}

/**
 * Feeds every rule the readings of its point after its own `through`, a
 * piece at a time: each point's readings are read once for all its rules,
 * and every point's next piece in one query.
 */
async function judgeNewReadings(
  trx: Database,
  judging: readonly Judging[],
  perPiece: number,
  judge: (item: Judging, judgement: Judgement) => void,
): Promise<void> {
  const behind = (item: Judging) => item.point.last_ts !== null && item.point.last_ts > item.through;
  const resumed = new Set<Judging>();
  for (;;) {
    const pending = judging.filter(behind);
    const windows = readingWindows(pending);
    if (windows.length === 0) return;
    const pieces = await nextPieces(trx, windows, perPiece);
    for (const item of pending) {
      const piece = pieces.get(item.point.data_point_id);
      if (!piece) continue;
      const rows = piece.rows.filter((row) => row.ts > item.through);
      // Once the piece reaches the rule's next reading: a rate is measured from the reading judged before it.
      if (!resumed.has(item) && (rows.length > 0 || piece.complete)) {
        resumed.add(item);
        item.state = resumedAfter(item, piece.rows);
      }
      judge(
        item,
        judgeReadings(item.judged, item.state, judgedReadings(rows, item.point.kind === 'cumulative')),
      );
      item.through = piece.complete ? (item.point.last_ts as Date) : latest(item.through, piece.lastTs);
    }
  }
}

/**
 * Feeds each budget and baseline rule the hours its point's new readings
 * completed, as samples judged against the condition's threshold.
 */
async function judgeNewHours(
  trx: Database,
  judging: readonly Judging[],
  judge: (item: Judging, judgement: Judgement) => void,
): Promise<void> {
  for (const item of judging) {
    const { rule, point } = item;
    const { condition } = rule;
    if (!isHourly(condition) || point.last_ts === null || point.last_ts <= item.through) continue;
    const samples = await hourlySamples(
      trx,
      { id: point.data_point_id, organisationId: rule.organisation_id, timeZone: point.time_zone },
      condition,
      item.through.getTime(),
      point.last_ts.getTime(),
    );
    const judgement = judgeReadings(item.judged, item.state, samples);
    // The point was last heard at its last reading, not at the end of the last hour sampled.
    judge(item, { ...judgement, state: { ...judgement.state, lastReadingAt: item.state.lastReadingAt } });
    item.through = point.last_ts;
  }
}

/**
 * Judges each flagged-step rule on the steps of its point flagged after
 * those it judged, or since its alert opened while one is: a decision on
 * one of those may resolve it, however long after its readings.
 */
async function judgeFlaggedSteps(
  trx: Database,
  judging: readonly Judging[],
  now: Date,
  judge: (item: Judging, judgement: Judgement) => void,
): Promise<void> {
  for (const item of judging) {
    if (item.rule.condition.kind !== 'flaggedStep') continue;
    const { point, state } = item;
    const after = state.alert !== 'normal' && state.since !== null ? new Date(state.since - 1) : item.through;
    const until = point.last_ts !== null && point.last_ts > item.through ? point.last_ts : item.through;
    judge(
      item,
      judgeSteps(
        item.judged,
        state,
        await flaggedSteps(
          trx,
          { organisation_id: item.rule.organisation_id, id: point.data_point_id },
          after,
          until,
          now,
        ),
        now.getTime(),
      ),
    );
    item.through = until;
  }
}

/**
 * The rule's state with the last reading it judged before, as the point
 * stores it: a rule's own row is not written at every reading, so the value
 * a rate is measured from is read, not kept.
 */
function resumedAfter(item: Judging, rows: Piece['rows']): RuleState {
  const before = judgedReadings(
    rows.filter((row) => row.ts <= item.through),
    item.point.kind === 'cumulative',
  ).at(-1);
  return { ...item.state, previous: before ?? null };
}

interface ReadingWindow {
  pointId: number;
  after: Date;
  until: Date;
}

/** For each point, the readings its rules still need: after the least judged of them, up to its last. */
function readingWindows(judging: readonly Judging[]): ReadingWindow[] {
  const windows = new Map<number, ReadingWindow>();
  for (const { point, through } of judging) {
    const window = windows.get(point.data_point_id);
    if (!window) {
      windows.set(point.data_point_id, {
        pointId: point.data_point_id,
        after: through,
        until: point.last_ts as Date,
      });
    } else if (through < window.after) window.after = through;
  }
  return [...windows.values()];
}

interface Piece {
  rows: { ts: Date; value: number; delta: number | null }[];
  /** Whether the piece holds every reading of its window. */
  complete: boolean;
  lastTs: Date;
}

/**
 * Up to `perPiece` readings of each window, oldest first, in one query,
 * from the last reading at or before the window's start (judged already: a
 * rate is measured from it).
 */
async function nextPieces(
  trx: Database,
  windows: readonly ReadingWindow[],
  perPiece: number,
): Promise<Map<number, Piece>> {
  const { rows } = await sql<{ point_id: number; ts: Date; value: number; delta: number | null }>`
    select w.point_id, x.ts, x.value, x.delta
    from unnest(${windows.map((window) => window.pointId)}::int8[],
                ${windows.map((window) => window.after.getTime())}::float8[],
                ${windows.map((window) => window.until.getTime())}::float8[]) as w(point_id, after_ms, until_ms)
    join data_points p on p.id = w.point_id
    cross join lateral (
      select ts, value, delta from readings
      where ${ofPointRow('p')}
        and ts >= coalesce(
          (select max(ts) from readings where ${ofPointRow('p')} and ts <= to_timestamp(w.after_ms / 1000.0)),
          '-infinity')
        and ts <= to_timestamp(w.until_ms / 1000.0)
      order by ts
      limit ${perPiece}
    ) as x
    order by w.point_id, x.ts
  `.execute(trx);
  const pieces = new Map<number, Piece>();
  for (const window of windows)
    pieces.set(window.pointId, { rows: [], complete: true, lastTs: window.until });
  for (const row of rows) (pieces.get(Number(row.point_id)) as Piece).rows.push(row);
  for (const piece of pieces.values()) {
    piece.complete = piece.rows.length < perPiece;
    piece.lastTs = piece.rows.at(-1)?.ts ?? piece.lastTs;
  }
  return pieces;
}

/**
 * The new state of every rule whose alert changed, in one statement; the
 * rules saved. The rest keep their row: how far they have judged is their
 * point's progress.
 */
async function saveChangedStates(trx: Database, judging: readonly Judging[]): Promise<Set<Judging>> {
  const changed = judging.filter(
    ({ stored, state }) =>
      stored.alert !== state.alert ||
      stored.since !== state.since ||
      stored.lastFiredAt !== state.lastFiredAt,
  );
  if (changed.length === 0) return new Set();
  await sql`
    update alert_rules as r set state = s.state
    from unnest(${changed.map((item) => item.rule.id)}::int8[],
                ${changed.map((item) => JSON.stringify(item.state))}::jsonb[]) as s(id, state)
    where r.id = s.id
  `.execute(trx);
  return new Set(changed);
}

/**
 * Each point's rules have judged its readings up to its last, and heard its
 * last reading; a point whose rules' state was saved has a new rules_version.
 */
async function saveProgress(
  trx: Database,
  points: readonly HeldPoint[],
  judging: readonly Judging[],
  restated: ReadonlySet<number>,
): Promise<void> {
  const heard = new Map<number, number>();
  for (const item of judging) {
    const pointId = item.point.data_point_id;
    const at = Math.max(item.state.lastReadingAt ?? -Infinity, heard.get(pointId) ?? -Infinity);
    if (Number.isFinite(at)) heard.set(pointId, at);
  }
  const moved = points.filter(
    (point) =>
      restated.has(point.data_point_id) || (point.last_ts !== null && point.last_ts > point.judged_through),
  );
  if (moved.length === 0) return;
  await sql`
    update rule_points as rp
    set judged_through = greatest(rp.judged_through, to_timestamp(m.through_ms / 1000.0)),
        last_reading_at = coalesce(to_timestamp(m.heard_ms / 1000.0), rp.last_reading_at),
        rules_version = rp.rules_version + m.restated
    from unnest(${moved.map((point) => point.data_point_id)}::int8[],
                ${moved.map((point) => point.last_ts?.getTime() ?? 0)}::float8[],
                ${moved.map((point) => heard.get(point.data_point_id) ?? null)}::float8[],
                ${moved.map((point) => (restated.has(point.data_point_id) ? 1 : 0))}::int4[])
           as m(point_id, through_ms, heard_ms, restated)
    where rp.data_point_id = m.point_id
  `.execute(trx);
}

/** Each held point's rules as they stand once the batch commits, at the rules_version it leaves them. */
function rulesNow(
  points: readonly HeldPoint[],
  judging: readonly Judging[],
  changed: ReadonlySet<Judging>,
  restated: ReadonlySet<number>,
) {
  const now: RulesCache = new Map();
  for (const point of points) {
    const rules = judging
      .filter((item) => item.point === point)
      .map((item) => (changed.has(item) ? { ...item.rule, state: item.state } : item.rule));
    const version = point.rules_version + (restated.has(point.data_point_id) ? 1 : 0);
    now.set(point.data_point_id, { version, rules });
  }
  return now;
}

function latest(...dates: Date[]): Date {
  return dates.reduce((a, b) => (a > b ? a : b));
}
