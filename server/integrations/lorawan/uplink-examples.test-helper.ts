/** The two uplinks of /work/shared/notes/lorawan-formats.md, as the network servers publish them. */

type Json = Record<string, unknown>;

export function ttsUplink(): Json & { end_device_ids: Json; uplink_message: Json } {
  return {
    end_device_ids: {
      device_id: 'soil-probe-07',
      application_ids: { application_id: 'farm-sensors' },
      dev_eui: '70B3D57ED0061A2C',
      join_eui: '70B3D57ED0000001',
      dev_addr: '260B4F1E',
    },
    correlation_ids: ['as:up:01J8Z3Q4M2N7P5R6S8T9V0W1X2'],
    received_at: '2024-09-30T08:14:05.412371Z',
    uplink_message: {
      session_key_id: 'AZIkq3Vb1n2Hq0eL6nU5xA==',
      f_port: 2,
      f_cnt: 1843,
      frm_payload: 'CLQBLA51',
      decoded_payload: { temperature: 22.28, moisture: 30.0, battery: 3.701 },
      rx_metadata: [
        {
          gateway_ids: { gateway_id: 'barn-gw', eui: 'B827EBFFFE8A1C42' },
          time: '2024-09-30T08:14:05.180Z',
          timestamp: 1920384511,
          rssi: -97,
          channel_rssi: -97,
          snr: 7.25,
          channel_index: 4,
          uplink_token: 'ChUKEwoHYmFybi1ndxII...',
        },
      ],
      settings: {
        data_rate: { lora: { bandwidth: 125000, spreading_factor: 9, coding_rate: '4/5' } },
        frequency: '867300000',
        timestamp: 1920384511,
      },
      received_at: '2024-09-30T08:14:05.205118Z',
      consumed_airtime: '0.185344s',
    },
  };
}

export function chirpStackUplink(): Json & { deviceInfo: Json } {
  return {
    deduplicationId: '9b2f6c1e-5d0a-4e4b-8a3c-2f7d1e6b9c40',
    time: '2024-09-30T08:14:05.311842Z',
    deviceInfo: {
      tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
      tenantName: 'Acme Farms',
      applicationId: '0c5e8f3a-7d21-4b6e-9f0a-3e2d1c4b5a69',
      applicationName: 'farm-sensors',
      deviceProfileId: 'a1b2c3d4-e5f6-4789-8abc-def012345678',
      deviceProfileName: 'soil-probe-eu868',
      deviceName: 'soil-probe-07',
      devEui: '70b3d57ed0061a2c',
      tags: {},
    },
    devAddr: '260b4f1e',
    adr: true,
    dr: 3,
    fCnt: 1843,
    fPort: 2,
    data: 'CLQBLA51',
    object: { temperature: 22.28, moisture: 30.0, battery: 3.701 },
    rxInfo: [
      {
        gatewayId: 'b827ebfffe8a1c42',
        uplinkId: 3178004271,
        rssi: -97,
        snr: 7.25,
        channel: 4,
        context: 'cnK2/w==',
        metadata: { region_config_id: 'eu868', region_common_name: 'EU868' },
        crcStatus: 'CRC_OK',
      },
    ],
    txInfo: {
      frequency: 867300000,
      modulation: { lora: { bandwidth: 125000, spreadingFactor: 9, codeRate: 'CR_4_5' } },
    },
  };
}
