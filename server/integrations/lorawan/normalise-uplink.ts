import { readingTime } from '../rest/reading-time';
import { FieldReader, isObject, type JsonObject, MalformedField } from './json-fields';

/** One uplink, whichever network server sent it. */
export interface Uplink {
  network: 'tts' | 'chirpstack';
  /** 16 upper-case hex digits, as lorawan_devices.dev_eui stores it. */
  devEui: string;
  deviceName: string;
  applicationId: string;
  /** Epoch milliseconds: TTS received_at (Application Server), ChirpStack time. */
  receivedAt: number;
  fPort: number;
  fCnt: number;
  /** The application payload; empty for a frame without one. */
  payload: Buffer;
  /** What the network server's payload formatter or codec made of it, when one ran. */
  decoded?: Record<string, unknown>;
  /** Of the gateway that heard it best. */
  rssi?: number;
  snr?: number;
}

export type NormalisedUplink = { uplink: Uplink } | { problem: string };

const DEV_EUI = /^[0-9A-Fa-f]{16}$/;
const MAX_F_CNT = 2 ** 32 - 1;
/** Keys every TTS message has; the one left names the event (join_accept, downlink_ack, location_solved, ...). */
const TTS_ENVELOPE = new Set(['end_device_ids', 'correlation_ids', 'received_at', 'unique_id', 'simulated']);

/**
 * A The Things Stack v3 or ChirpStack v4 uplink message (see
 * /work/shared/notes/lorawan-formats.md), or why it is not one: another
 * event, or a field missing or of the wrong type.
 */
export function normaliseUplink(message: unknown): NormalisedUplink {
  if (!isObject(message)) return { problem: 'the message is not a JSON object' };
  try {
    if (isObject(message.end_device_ids)) return { uplink: fromTheThingsStack(message) };
    if (isObject(message.deviceInfo)) return { uplink: fromChirpStack(message) };
    return { problem: 'neither a The Things Stack (end_device_ids) nor a ChirpStack (deviceInfo) message' };
  } catch (error) {
    if (error instanceof MalformedField || error instanceof NotAnUplink) return { problem: error.message };
    throw error;
  }
}

class NotAnUplink extends Error {}

function fromTheThingsStack(message: JsonObject): Uplink {
  const root = new FieldReader(message, '');
  // Joins, downlink events and location messages share end_device_ids but carry no uplink_message.
  if (!isObject(message.uplink_message)) {
    const event = Object.keys(message).find((key) => !TTS_ENVELOPE.has(key));
    throw new NotAnUplink(`not an uplink: no uplink_message${event ? ` (this is ${event})` : ''}`);
  }
  const ids = root.child('end_device_ids');
  const up = root.child('uplink_message');
  // received_at is the Application Server's time; the Network Server's is the fallback for trimmed messages.
  const receivedAt = message.received_at !== undefined ? root : up;
  const best = strongestGateway(up.raw('rx_metadata'));
  return {
    network: 'tts',
    devEui: devEui(ids, 'dev_eui'),
    deviceName: ids.string('device_id'),
    applicationId: ids.child('application_ids').string('application_id'),
    receivedAt: instant(receivedAt, 'received_at'),
    fPort: up.integer('f_port', 255),
    fCnt: up.integer('f_cnt', MAX_F_CNT),
    payload: up.base64('frm_payload'),
    ...decodedPayload(up, 'decoded_payload'),
    ...best,
  };
}

function fromChirpStack(message: JsonObject): Uplink {
  const root = new FieldReader(message, '');
  // join, status, ack, txack, log and location events have deviceInfo too, but none of an uplink's own fields.
  const uplinkKeys = ['rxInfo', 'fCnt', 'fPort', 'data', 'dr', 'adr'];
  if (!uplinkKeys.some((key) => key in message)) {
    throw new NotAnUplink(`not an uplink: none of ${uplinkKeys.join(', ')} (a join, status or other event)`);
  }
  const device = root.child('deviceInfo');
  const best = strongestGateway(root.raw('rxInfo'));
  return {
    network: 'chirpstack',
    devEui: devEui(device, 'devEui'),
    deviceName: device.string('deviceName'),
    applicationId: device.string('applicationId'),
    receivedAt: instant(root, 'time'),
    fPort: root.integer('fPort', 255),
    fCnt: root.integer('fCnt', MAX_F_CNT),
    payload: root.base64('data'),
    ...decodedPayload(root, 'object'),
    ...best,
  };
}

function devEui(reader: FieldReader, key: string): string {
  const value = reader.string(key);
  if (!DEV_EUI.test(value)) throw new MalformedField(reader.fieldPath(key), 'must be 16 hex digits');
  return value.toUpperCase();
}

function instant(reader: FieldReader, key: string): number {
  const time = readingTime(reader.string(key), Date.now());
  if ('problem' in time) throw new MalformedField(reader.fieldPath(key), time.problem);
  return time.ms;
}

function decodedPayload(reader: FieldReader, key: string): { decoded?: Record<string, unknown> } {
  const decoded = reader.optionalObject(key);
  return decoded ? { decoded } : {};
}

/** RSSI and SNR of the gateway with the strongest signal; radio data is informative, so odd entries are skipped. */
function strongestGateway(gateways: unknown): { rssi?: number; snr?: number } {
  if (!Array.isArray(gateways)) return {};
  let best: { rssi?: number; snr?: number } = {};
  for (const gateway of gateways) {
    if (!isObject(gateway) || typeof gateway.rssi !== 'number') continue;
    if (best.rssi !== undefined && best.rssi >= gateway.rssi) continue;
    best = { rssi: gateway.rssi, ...(typeof gateway.snr === 'number' ? { snr: gateway.snr } : {}) };
  }
  return best;
}
