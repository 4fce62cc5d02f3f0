import type { Database } from '../../db/database';
import type { Uplink } from './normalise-uplink';

export interface UplinkDevice {
  id: number;
  organisation_id: number;
  decoder: unknown;
  fields: unknown;
}

/** A problem is kept short: it is shown on the device's row, not read like a log. */
const MAX_PROBLEM_CHARS = 500;

/**
 * The device an uplink belongs to. Under an organisation's namespace, its
 * device with that DevEUI. On a network server's shared topics, the device
 * registered with that DevEUI and the uplink's application id: a device
 * registered without an application id is fed under its namespace only,
 * so nobody gets another's uplinks by registering a DevEUI first. Should
 * two organisations register one DevEUI and application, neither gets the
 * uplink (it cannot be told whose it is), and both devices say why.
 */
export async function findUplinkDevice(
  db: Database,
  uplink: Uplink,
  namespace: string | undefined,
): Promise<{ device: UplinkDevice } | { ignored: string }> {
  let query = db
    .selectFrom('lorawan_devices')
    .innerJoin('organisations', 'organisations.id', 'lorawan_devices.organisation_id')
    .select(['lorawan_devices.id', 'organisation_id', 'decoder', 'fields'])
    .where('dev_eui', '=', uplink.devEui);
  query =
    namespace === undefined
      ? query.where('application_id', '=', uplink.applicationId)
      : query.where('organisations.mqtt_namespace', '=', namespace);
  const devices = await query.execute();
  const [device, another] = devices;
  if (!device) {
    return {
      ignored:
        namespace === undefined
          ? `no device with DevEUI ${uplink.devEui} and application "${uplink.applicationId}" is registered`
          : `no device with DevEUI ${uplink.devEui} is registered in namespace "${namespace}"`,
    };
  }
  if (another) {
    const why = `an uplink of application "${uplink.applicationId}" on the network server's shared topic matches devices of more than one organisation, so it was not stored; publish under your organisation's topic prefix to receive it`;
    for (const ambiguous of devices) await recordDeviceProblem(db, ambiguous.id, why, uplink.receivedAt);
    return { ignored: `DevEUI ${uplink.devEui}: ${why}` };
  }
  return { device };
}

/** Keeps the device's latest problem and when the uplink that had it was received. */
export async function recordDeviceProblem(
  db: Database,
  deviceId: number,
  problem: string,
  receivedAt: number,
): Promise<void> {
  const shown = problem.length > MAX_PROBLEM_CHARS ? `${problem.slice(0, MAX_PROBLEM_CHARS)}…` : problem;
  await db
    .updateTable('lorawan_devices')
    .set({ last_problem: shown, last_problem_at: new Date(receivedAt) })
    .where('id', '=', deviceId)
    .execute();
}
