import { describe, expect, it } from 'vitest';
import { normaliseUplink, type Uplink } from './normalise-uplink';
import { chirpStackUplink, ttsUplink } from './uplink-examples.test-helper';

function uplinkOf(message: unknown): Uplink {
  const result = normaliseUplink(message);
  if ('problem' in result) throw new Error(result.problem);
  return result.uplink;
}

function problemOf(message: unknown): string {
  const result = normaliseUplink(message);
  if (!('problem' in result)) throw new Error('expected a problem');
  return result.problem;
}

describe('normaliseUplink', () => {
  it('reads The Things Stack v3 uplink of the notes', () => {
    expect(uplinkOf(ttsUplink())).toEqual({
      network: 'tts',
      devEui: '70B3D57ED0061A2C',
      deviceName: 'soil-probe-07',
      applicationId: 'farm-sensors',
      receivedAt: Date.UTC(2024, 8, 30, 8, 14, 5, 412),
      fPort: 2,
      fCnt: 1843,
      payload: Buffer.from([0x08, 0xb4, 0x01, 0x2c, 0x0e, 0x75]),
      decoded: { temperature: 22.28, moisture: 30.0, battery: 3.701 },
      rssi: -97,
      snr: 7.25,
    });
  });

  it('reads the ChirpStack v4 uplink of the notes, upper-casing its DevEUI', () => {
    expect(uplinkOf(chirpStackUplink())).toEqual({
      network: 'chirpstack',
      devEui: '70B3D57ED0061A2C',
      deviceName: 'soil-probe-07',
      applicationId: '0c5e8f3a-7d21-4b6e-9f0a-3e2d1c4b5a69',
      receivedAt: Date.UTC(2024, 8, 30, 8, 14, 5, 311),
      fPort: 2,
      fCnt: 1843,
      payload: Buffer.from([0x08, 0xb4, 0x01, 0x2c, 0x0e, 0x75]),
      decoded: { temperature: 22.28, moisture: 30.0, battery: 3.701 },
      rssi: -97,
      snr: 7.25,
    });
  });

  it('takes omitted zero values as zero: f_cnt 0, fCnt 0, an empty payload', () => {
    const tts = ttsUplink();
    delete tts.uplink_message.f_cnt;
    delete tts.uplink_message.frm_payload;
    expect(uplinkOf(tts)).toMatchObject({ fCnt: 0, payload: Buffer.alloc(0) });
    const chirp = chirpStackUplink();
    delete chirp.fCnt;
    delete chirp.data;
    expect(uplinkOf(chirp)).toMatchObject({ fCnt: 0, payload: Buffer.alloc(0) });
  });

  it('leaves decoded out when no payload formatter or codec ran', () => {
    const tts = ttsUplink();
    delete tts.uplink_message.decoded_payload;
    expect(uplinkOf(tts)).not.toHaveProperty('decoded');
    const chirp = chirpStackUplink();
    delete chirp.object;
    expect(uplinkOf(chirp)).not.toHaveProperty('decoded');
  });

  it('accepts a lower-case TTS dev_eui and an upper-case ChirpStack devEui', () => {
    const tts = ttsUplink();
    tts.end_device_ids.dev_eui = '70b3d57ed0061a2c';
    expect(uplinkOf(tts).devEui).toBe('70B3D57ED0061A2C');
    const chirp = chirpStackUplink();
    chirp.deviceInfo.devEui = '70B3D57ED0061A2C';
    expect(uplinkOf(chirp).devEui).toBe('70B3D57ED0061A2C');
  });

  it('reads the older TTS messages with coding_rate directly under settings', () => {
    const tts = ttsUplink();
    tts.uplink_message.settings = {
      data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } },
      coding_rate: '4/5',
      frequency: '868100000',
    };
    expect(uplinkOf(tts)).toMatchObject({ devEui: '70B3D57ED0061A2C', fCnt: 1843 });
  });

  it("falls back to the Network Server's received_at, and keeps the strongest gateway", () => {
    const tts = ttsUplink();
    delete tts.received_at;
    tts.uplink_message.rx_metadata = [{ rssi: -110, snr: -3 }, { rssi: -80 }, 'junk'];
    const uplink = uplinkOf(tts);
    expect(uplink.receivedAt).toBe(Date.UTC(2024, 8, 30, 8, 14, 5, 205));
    expect(uplink).toMatchObject({ rssi: -80 });
    expect(uplink).not.toHaveProperty('snr');
  });

  it('says which messages are not uplinks', () => {
    const join = { end_device_ids: ttsUplink().end_device_ids, join_accept: { session_key_id: 'x' } };
    expect(problemOf(join)).toBe('not an uplink: no uplink_message (this is join_accept)');
    const status = { time: '2024-09-30T08:14:05Z', deviceInfo: {}, margin: 7, batteryLevel: 90 };
    expect(problemOf(status)).toMatch(/^not an uplink/);
    expect(problemOf({ hello: 'world' })).toMatch(/neither/);
    expect(problemOf('21.5')).toBe('the message is not a JSON object');
    expect(problemOf(null)).toBe('the message is not a JSON object');
  });

  it('names the malformed field', () => {
    const noEui = ttsUplink();
    delete noEui.end_device_ids.dev_eui;
    expect(problemOf(noEui)).toBe('end_device_ids.dev_eui must be a non-empty string');

    const badEui = chirpStackUplink();
    badEui.deviceInfo.devEui = '70b3d57ed0061a2';
    expect(problemOf(badEui)).toBe('deviceInfo.devEui must be 16 hex digits');

    const badPayload = ttsUplink();
    badPayload.uplink_message.frm_payload = 'CLQ*LA51';
    expect(problemOf(badPayload)).toBe('uplink_message.frm_payload must be base64 text');

    const badPort = chirpStackUplink();
    badPort.fPort = 256;
    expect(problemOf(badPort)).toBe('fPort must be an integer from 0 to 255');

    const badTime = chirpStackUplink();
    badTime.time = 'yesterday';
    expect(problemOf(badTime)).toMatch(/^time "yesterday" is not RFC 3339/);

    const badDecoded = ttsUplink();
    badDecoded.uplink_message.decoded_payload = [1, 2];
    expect(problemOf(badDecoded)).toBe('uplink_message.decoded_payload must be an object when present');

    const noApp = ttsUplink();
    noApp.end_device_ids.application_ids = 'farm';
    expect(problemOf(noApp)).toBe('end_device_ids.application_ids must be an object');
  });
});
