import type { Database } from '../db/database';

/** What a rule stored: its alerts' history, oldest first, each change with its instant (ms), kind and value. */
export async function ruleHistory(db: Database, ruleId: number) {
  const rows = await db
    .selectFrom('alert_events as e')
    .innerJoin('alerts as a', 'a.id', 'e.alert_id')
    .select(['e.at', 'e.kind', 'e.value'])
    .where('a.rule_id', '=', ruleId)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({ at: row.at.getTime(), to: row.kind, value: row.value }));
}
