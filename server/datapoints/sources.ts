import { sql } from 'kysely';
import type { IngestionSource, SourceResponse } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { DataPointSource } from '../db/tables';

/** Every way data gets in, in the order the onboarding page offers them (virtual points compute, nothing gets in). */
const SOURCES: Exclude<DataPointSource, 'virtual'>[] = ['manual', 'csv', 'rest', 'mqtt', 'lorawan', 'sftp'];
/** A source that delivered within this long is receiving; otherwise it has gone silent. */
const RECEIVING_WITHIN_MS = 24 * 3_600_000;

/** The organisation's ingestion sources: points per source, latest reading, and its API keys. */
export async function sourceStates(
  db: Database,
  organisationId: number,
  now = Date.now(),
): Promise<SourceResponse> {
  const [bySource, keys] = await Promise.all([
    db
      .selectFrom('data_points')
      .select(['source', sql<string>`count(*)`.as('points'), sql<Date | null>`max(last_ts)`.as('last_ts')])
      .where('organisation_id', '=', organisationId)
      .groupBy('source')
      .execute(),
    db
      .selectFrom('api_keys')
      .select([
        sql<string>`count(*) filter (where revoked_at is null)`.as('active'),
        sql<string>`count(*) filter (where revoked_at is not null)`.as('revoked'),
        sql<Date | null>`max(last_used_at)`.as('last_used'),
      ])
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow(),
  ]);
  const sources = SOURCES.map((source): IngestionSource => {
    const row = bySource.find((candidate) => candidate.source === source);
    const dataPoints = Number(row?.points ?? 0);
    const last = row?.last_ts ?? null;
    return {
      source,
      dataPoints,
      lastReading: last?.toISOString() ?? null,
      state: stateOf(dataPoints, last, now),
    };
  });
  return {
    sources,
    apiKeys: {
      active: Number(keys.active),
      revoked: Number(keys.revoked),
      lastUsed: keys.last_used?.toISOString() ?? null,
    },
  };
}

function stateOf(dataPoints: number, last: Date | null, now: number): IngestionSource['state'] {
  if (dataPoints === 0) return 'unused';
  if (last === null) return 'waiting';
  return now - last.getTime() <= RECEIVING_WITHIN_MS ? 'receiving' : 'silent';
}
