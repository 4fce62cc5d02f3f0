import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './database';
import { migrate } from './migrate';
import { describeEachEngine, openTestDatabase } from './test-database';

/**
 * Every table, placed as it would be on a store distributed by organisation
 * (docs/scale.md): a new table must be put in one of these, on purpose.
 */
const PLACEMENT = {
  /**
   * Grows with the data, by time: its primary key starts with organisation_id, and it refers to
   * organisations' own data only with organisation_id on both sides (migration 0040).
   */
  keyedByOrganisation: [
    'readings',
    'readings_hours',
    'readings_daily',
    'alerts',
    'alert_events',
    'notifications',
    'notification_deliveries',
    'register_steps',
    'flow_publishes',
  ],
  /** Shared by every organisation, copied to every node: any table may refer to them. */
  reference: ['organisations', 'subscriptions', 'users', 'profiles', 'signing_keys'],
  /** The sign-in state, the job runner's and the mail outbox: the coordinator's own. */
  coordinator: ['sessions', 'user_codes', 'rate_limit_windows', 'outbox', 'mqtt_inbox', 'schema_migrations'],
  /**
   * An organisation's own, growing with what its people set up (places, points, rules, layouts,
   * reports) or slowly with what they do: distributed by organisation too, keyed by it before
   * that (docs/scale.md, "What is left before distributing").
   */
  organisationSettings: [
    'alert_channels',
    'alert_rules',
    'api_keys',
    'benchmark_normaliser_values',
    'benchmark_normalisers',
    'bookmarks',
    'data_explorers',
    'data_imports',
    'data_points',
    'entities',
    'explorer_events',
    'explorer_labels',
    'floor_plans',
    'forecast_models',
    'holidays',
    'import_templates',
    'invitations',
    'lorawan_devices',
    'meter_files',
    'notification_choices',
    'page_revisions',
    'pages',
    'report_links',
    'report_recipients',
    'report_runs',
    'reports',
    'rule_points',
    'tariff_assignments',
    'tariffs',
    'ui_configs',
    'virtual_inputs',
  ],
};

interface Constraint {
  table: string;
  type: 'p' | 'f';
  columns: string[];
  references: string | null;
  referenced: string[];
}

/** The primary and foreign keys of the schema's tables (a partition's are its table's), columns in key order. */
async function keysOf(db: Database): Promise<Constraint[]> {
  const { rows } = await sql<Constraint>`
    select t.relname as table, c.contype as type, r.relname as references,
      array(select a.attname::text from unnest(c.conkey) with ordinality as k(number, position)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.number order by k.position) as columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality as k(number, position)
            join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.number order by k.position) as referenced
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    left join pg_class r on r.oid = c.confrelid
    where c.contype in ('p', 'f') and t.relnamespace = current_schema()::regnamespace and not t.relispartition
    order by 1, 2, 4`.execute(db);
  return rows;
}

async function tablesOf(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select relname as name from pg_class
    where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p') and not relispartition
    order by 1`.execute(db);
  return rows.map((row) => row.name);
}

/** What breaks the rule for a store distributed by organisation, one sentence each. */
function breaches(constraints: readonly Constraint[]): string[] {
  const keyed = new Set(PLACEMENT.keyedByOrganisation);
  const reference = new Set(PLACEMENT.reference);
  const found: string[] = [];
  for (const table of keyed) {
    const key = constraints.find((constraint) => constraint.table === table && constraint.type === 'p');
    if (key?.columns[0] !== 'organisation_id') {
      found.push(
        `${table}'s primary key (${key?.columns.join(', ') ?? 'none'}) does not start with organisation_id`,
      );
    }
  }
  for (const foreign of constraints.filter((constraint) => constraint.type === 'f')) {
    const touchesKeyed = keyed.has(foreign.table) || keyed.has(foreign.references ?? '');
    if (!touchesKeyed || reference.has(foreign.references ?? '')) continue;
    const at = foreign.columns.indexOf('organisation_id');
    if (at < 0 || foreign.referenced[at] !== 'organisation_id') {
      found.push(
        `${foreign.table} (${foreign.columns.join(', ')}) refers to ${foreign.references} (${foreign.referenced.join(', ')}) without organisation_id on both sides`,
      );
    }
  }
  return found;
}

describe('the tables that grow with the data', () => {
  it('are keyed by organisation first and refer to no other organisation, and every table is placed', async () => {
    const handle = await openTestDatabase('pglite');
    try {
      const constraints = await keysOf(handle.db);
      expect(breaches(constraints)).toEqual([]);
      const placed = Object.values(PLACEMENT).flat().sort();
      expect(await tablesOf(handle.db)).toEqual(placed);
      // Every keyed table is checked for something: each has its key.
      for (const table of PLACEMENT.keyedByOrganisation) {
        expect(constraints.some((constraint) => constraint.table === table && constraint.type === 'p')).toBe(
          true,
        );
      }
    } finally {
      await handle.close();
    }
  });

  it('names a key that leaves the organisation out, and a foreign key that reaches past it', () => {
    const constraints: Constraint[] = [
      { table: 'readings', type: 'p', columns: ['data_point_id', 'ts'], references: null, referenced: [] },
      {
        table: 'alert_events',
        type: 'f',
        columns: ['alert_id'],
        references: 'alerts',
        referenced: ['id'],
      },
      {
        table: 'alert_events',
        type: 'f',
        columns: ['user_id'],
        references: 'users',
        referenced: ['id'],
      },
    ];
    expect(breaches(constraints)).toEqual(
      expect.arrayContaining([
        "readings's primary key (data_point_id, ts) does not start with organisation_id",
        'alert_events (alert_id) refers to alerts (id) without organisation_id on both sides',
      ]),
    );
    expect(breaches(constraints).some((breach) => breach.includes('users'))).toBe(false);
  });
});

describeEachEngine('migrations 0040 to 0042 on %s', (engine) => {
  it("gives every reading, rollup, step, alert, alert event and queued publish its organisation's id, losing none", async () => {
    const handle = await openTestDatabase(engine, { through: '0039_readings_by_year.sql' });
    const { db } = handle;
    try {
      const points: number[] = [];
      for (const organisation of [1, 2]) {
        const user = `00000000-0000-4000-8000-00000000000${organisation}`;
        await sql`insert into users (id, email, password_hash, updated_at)
          values (${user}, ${`${organisation}@example.com`}, 'x', now())`.execute(db);
        await sql`insert into organisations (id, name, created_by) values (${organisation}, 'Org', ${user})`.execute(
          db,
        );
        const site = await sql<{ id: number }>`insert into entities (organisation_id, type, name)
          values (${organisation}, 'site', 'Site') returning id`.execute(db);
        const point = await sql<{ id: number }>`
          insert into data_points (organisation_id, entity_id, name, intent, unit, kind, time_zone)
          values (${organisation}, ${site.rows[0]?.id}, 'Meter', 'electricity', 'kWh', 'interval', 'UTC')
          returning id`.execute(db);
        const id = point.rows[0]?.id as number;
        points.push(id);
        await sql`insert into readings (data_point_id, ts, value, delta)
          values (${id}, '2025-03-01T00:00:00Z', 1, 1), (${id}, '2025-03-01T00:15:00Z', 2, 2)`.execute(db);
        await sql`insert into readings_daily (data_point_id, day, consumption, readings, value_sum, value_min, value_max)
          values (${id}, '2025-03-01', 3, 2, 3, 1, 2)`.execute(db);
        await sql`insert into readings_hours (data_point_id, day, hour_at, consumption, readings, value_sum,
            value_min, value_max, estimated)
          values (${id}, '2025-03-01', array['2025-03-01T00:00:00Z'::timestamptz], array[3], array[2], array[3],
            array[1], array[2], array[0])`.execute(db);
        const rule = await sql<{ id: number }>`
          insert into alert_rules (organisation_id, data_point_id, name, condition, severity)
          values (${organisation}, ${id}, 'High', '{"kind": "above", "value": 1}', 'warning') returning id`.execute(
          db,
        );
        const alert = await sql<{ id: number }>`
          insert into alerts (organisation_id, rule_id, state, started_at)
          values (${organisation}, ${rule.rows[0]?.id}, 'firing', now()) returning id`.execute(db);
        await sql`insert into alert_events (alert_id, at, kind) values (${alert.rows[0]?.id}, now(), 'firing')`.execute(
          db,
        );
        await sql`insert into flow_publishes (organisation_id, rule_id, topic, payload)
          values (${organisation}, ${rule.rows[0]?.id}, 'valves/relief', 'on')`.execute(db);
        await sql`insert into register_steps (data_point_id, from_ts, to_ts, from_value, to_value, movement, kind, used,
            rate, typical_rate)
          values (${id}, '2025-03-01T00:00:00Z', '2025-03-01T00:15:00Z', 1, 900, 'normal', 'spike', 899, 3596, 4)`.execute(
          db,
        );
      }

      expect(await migrate(db, { through: '0042_flow_publishes_by_organisation.sql' })).toEqual([
        '0040_organisation_keys.sql',
        '0041_register_steps_by_organisation.sql',
        '0042_flow_publishes_by_organisation.sql',
      ]);

      const owners = async (table: string) =>
        (
          await sql<{ organisation_id: number; rows: number }>`
            select organisation_id, count(*)::int as rows from ${sql.table(table)} group by 1 order by 1`.execute(
            db,
          )
        ).rows;
      expect(await owners('readings')).toEqual([
        { organisation_id: 1, rows: 2 },
        { organisation_id: 2, rows: 2 },
      ]);
      const oneEach = [
        'readings_daily',
        'readings_hours',
        'alerts',
        'alert_events',
        'register_steps',
        'flow_publishes',
      ];
      for (const table of oneEach) {
        expect(await owners(table)).toEqual([
          { organisation_id: 1, rows: 1 },
          { organisation_id: 2, rows: 1 },
        ]);
      }
      const pointsOf = await sql<{ organisation_id: number; data_point_id: number }>`
        select distinct organisation_id, data_point_id from readings order by 1`.execute(db);
      expect(pointsOf.rows).toEqual([
        { organisation_id: 1, data_point_id: points[0] },
        { organisation_id: 2, data_point_id: points[1] },
      ]);
      // An alert event of another organisation's alert is refused.
      const [alertOfTwo] = (
        await sql<{ id: number }>`select id from alerts where organisation_id = 2`.execute(db)
      ).rows;
      await expect(
        sql`insert into alert_events (organisation_id, alert_id, at, kind)
          values (1, ${alertOfTwo?.id}, now(), 'comment')`.execute(db),
      ).rejects.toThrow(/alert_events_alert_id_fkey/);
      // A rule deleted takes its alerts with it, and leaves its queued messages to be sent, still its organisation's.
      await sql`delete from alert_rules where organisation_id = 1`.execute(db);
      expect(await owners('alerts')).toEqual([{ organisation_id: 2, rows: 1 }]);
      const queued = await sql<{ organisation_id: number; rule_id: number | null }>`
        select organisation_id, rule_id from flow_publishes where organisation_id = 1`.execute(db);
      expect(queued.rows).toEqual([{ organisation_id: 1, rule_id: null }]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
