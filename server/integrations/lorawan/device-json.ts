import type { LorawanDevice } from '../../../src/generated/api-types';
import { parseDecoder } from './decoders/decoder';
import { fieldMapping } from './field-mapping';

export const DEVICE_COLUMNS = [
  'id',
  'dev_eui',
  'name',
  'application_id',
  'decoder',
  'fields',
  'last_uplink_at',
  'last_problem',
  'last_problem_at',
  'created_at',
] as const;

interface DeviceRow {
  id: number;
  dev_eui: string;
  name: string;
  application_id: string | null;
  decoder: unknown;
  fields: unknown;
  last_uplink_at: Date | null;
  last_problem: string | null;
  last_problem_at: Date | null;
  created_at: Date;
}

/** A device row as the API shows it; a stored decoder that no longer parses is shown as the network's, which decodes nothing harmful. */
export function deviceJson(row: DeviceRow): LorawanDevice {
  const parsed = parseDecoder(row.decoder);
  return {
    id: row.id,
    devEui: row.dev_eui,
    name: row.name,
    application: row.application_id,
    decoder: 'decoder' in parsed ? parsed.decoder : { type: 'network' },
    fields: Object.fromEntries(fieldMapping(row.fields)),
    lastUplinkAt: row.last_uplink_at?.toISOString() ?? null,
    lastProblem: row.last_problem,
    lastProblemAt: row.last_problem_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}
