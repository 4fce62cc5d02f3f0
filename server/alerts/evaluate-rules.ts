import { sql } from 'kysely';
import type { Database } from '../db/database';
import {
  type JudgedRule,
  type Judgement,
  judgedReadings,
  judgeQuiet,
  judgeReadings,
  NORMAL,
  type RuleState,
} from './evaluate';
import { type AlertingRule, applyTransitions } from './transitions';

/** Readings judged per query: a rule behind by a long import catches up in pieces of this many. */
const READINGS_PER_PIECE = 5_000;

/**
 * How old a reading may be when it is written and still be news: a gateway
 * sending its last hours late is judged, a year of history imported into a
 * point is not (the replay shows what it would have fired).
 */
export const NEWS_WINDOW_MS = 24 * 3_600_000;

export interface EvaluationOptions {
  /** Only rules on these points need looking at (those a write touched); all due rules when absent. */
  pointIds?: readonly number[];
  /** The moment silent feeds are measured to. */
  now: Date;
  publicUrl: string;
}

/** What an evaluation did: the rules it judged, and whether any alert changed (so deliveries may be due). */
export interface EvaluationResult {
  judged: number;
  changed: boolean;
}

/**
 * Judges every enabled rule with readings it has not judged yet (its point's
 * last reading is after the rule's evaluated_through), and every silent-feed
 * rule against the clock. Each rule in a transaction of its own that holds
 * the rule's row, so two processes never judge one rule at once, and a crash
 * leaves a rule either wholly judged up to a reading or not at all.
 */
export async function evaluateRules(db: Database, options: EvaluationOptions): Promise<EvaluationResult> {
  let query = db
    .selectFrom('alert_rules as r')
    .innerJoin('data_points as p', 'p.id', 'r.data_point_id')
    .select('r.id')
    .where('r.enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb('p.last_ts', '>', eb.ref('r.evaluated_through')),
        sql<boolean>`r.condition->>'kind' = 'silent'`,
      ]),
    );
  if (options.pointIds) {
    if (options.pointIds.length === 0) return { judged: 0, changed: false };
    query = query.where('r.data_point_id', 'in', [...options.pointIds]);
  }
  const due = await query.orderBy('r.id').execute();
  let changed = false;
  for (const { id } of due) {
    if (await evaluateRule(db, id, options)) changed = true;
  }
  return { judged: due.length, changed };
}

/** Judges one rule's new readings, then its silence; true when an alert of it changed. */
async function evaluateRule(db: Database, ruleId: number, options: EvaluationOptions): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const rule = await trx
      .selectFrom('alert_rules as r')
      .innerJoin('data_points as p', 'p.id', 'r.data_point_id')
      .select([
        'r.id',
        'r.organisation_id',
        'r.name',
        'r.severity',
        'r.condition',
        'r.cooldown_minutes',
        'r.active_hours',
        'r.state',
        'r.evaluated_through',
        'r.enabled',
        'p.id as point_id',
        'p.name as point_name',
        'p.kind',
        'p.time_zone',
        'p.last_ts',
      ])
      .where('r.id', '=', ruleId)
      .forUpdate('r')
      .skipLocked()
      .executeTakeFirst();
    // Deleted or switched off since it was found due, or being judged by another process right now.
    if (!rule?.enabled) return false;
    const judged: JudgedRule = {
      condition: rule.condition,
      cooldownMinutes: rule.cooldown_minutes,
      activeHours: rule.active_hours,
      timeZone: rule.time_zone,
    };
    const alerting: AlertingRule = {
      id: rule.id,
      organisationId: rule.organisation_id,
      name: rule.name,
      severity: rule.severity,
      dataPointName: rule.point_name,
    };
    let state: RuleState = { ...NORMAL, ...(rule.state as Partial<RuleState>) };
    const newsFrom = new Date(options.now.getTime() - NEWS_WINDOW_MS);
    let through = rule.evaluated_through > newsFrom ? rule.evaluated_through : newsFrom;
    let changed = false;
    const apply = async (judgement: Judgement) => {
      state = judgement.state;
      if (judgement.transitions.length === 0) return;
      changed = true;
      await applyTransitions(trx, alerting, judgement.transitions, options.publicUrl);
    };
    while (rule.last_ts !== null && rule.last_ts > through) {
      const piece = await newReadings(trx, rule.point_id, rule.kind === 'cumulative', through, rule.last_ts);
      await apply(judgeReadings(judged, state, piece.readings));
      through = piece.complete ? rule.last_ts : piece.lastTs;
    }
    await apply(judgeQuiet(judged, state, options.now.getTime()));
    await trx
      .updateTable('alert_rules')
      .set({ state: JSON.stringify(state), evaluated_through: through })
      .where('id', '=', rule.id)
      .execute();
    return changed;
  });
}

/**
 * The point's readings after `after`, up to `until`, oldest first, at most a
 * piece's worth, as a rule judges them (judgedReadings); whether that was
 * all of them, and the last one's instant.
 */
async function newReadings(trx: Database, pointId: number, cumulative: boolean, after: Date, until: Date) {
  const rows = await trx
    .selectFrom('readings')
    .select(['ts', 'value', 'delta'])
    .where('data_point_id', '=', pointId)
    .where('ts', '>', after)
    .where('ts', '<=', until)
    .orderBy('ts')
    .limit(READINGS_PER_PIECE)
    .execute();
  return {
    readings: judgedReadings(rows, cumulative),
    complete: rows.length < READINGS_PER_PIECE,
    lastTs: rows.at(-1)?.ts ?? until,
  };
}
