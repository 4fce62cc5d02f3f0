import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  DataPoint,
  GetDataPointResponse,
  LorawanDevice,
  LorawanResponse,
} from '../../src/generated/api-types';
import { i18next } from '../../src/i18n/i18n';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import { deviceRequest } from './device-form';
import LorawanDevices from './index';

beforeEach(() => {
  signInToSession({ role: 'editor' });
});
afterEach(() => {
  vi.clearAllMocks();
  resetSession();
});

const point = (id: number, name: string): DataPoint => ({
  id,
  name,
  intent: 'temperature',
  unit: '°C',
  kind: 'instantaneous',
  source: 'lorawan',
  intervalMinutes: 15,
  registerMax: null,
  mqttTopic: null,
  entityId: 3,
  entityName: 'Greenhouse',
  entityPath: ['Farm', 'Greenhouse'],
  siteId: 1,
  timeZone: 'Europe/London',
  lastValue: null,
  lastSeen: null,
  coverage: 0,
  readings: 0,
  openSteps: 0,
  createdAt: '2024-09-01T00:00:00Z',
});

const probe: LorawanDevice = {
  id: 1,
  devEui: '70B3D57ED0061A2C',
  name: 'Soil probe 07',
  application: null,
  decoder: { type: 'network' },
  fields: { temperature: 11 },
  lastUplinkAt: null,
  lastProblem: null,
  lastProblemAt: null,
  createdAt: '2024-09-01T00:00:00Z',
};

const overview: LorawanResponse = {
  devices: [probe],
  broker: {
    configured: true,
    connected: true,
    uplinkTopics: ['v3/+/devices/+/up', 'application/+/device/+/event/up'],
    topicPrefix: 'insights/org-3f9a7c21d0/',
    organisationUplinkTopics: [
      'insights/org-3f9a7c21d0/v3/+/devices/+/up',
      'insights/org-3f9a7c21d0/application/+/device/+/event/up',
    ],
    dataPointTopics: [{ dataPointId: 12, name: 'Boiler flow', topic: 'insights/org-3f9a7c21d0/boiler/flow' }],
  },
};

const points: GetDataPointResponse = {
  dataPoints: [point(11, 'Soil temperature'), point(12, 'Boiler flow')],
};

describe('LoRaWAN devices widget', () => {
  it('lists devices with their mapped points, and the topics to publish to', async () => {
    useApi(answer('lorawan', overview), answer('getDataPoint', points));
    renderInApp(<LorawanDevices data={{}} />);
    expect(await screen.findByText('Soil probe 07')).toBeTruthy();
    expect(screen.getByText('temperature → Soil temperature')).toBeTruthy();
    expect(screen.getByText('never')).toBeTruthy();
    expect(screen.getByText('connected')).toBeTruthy();
    expect(screen.getByText('v3/+/devices/+/up')).toBeTruthy();
    expect(screen.getByText('insights/org-3f9a7c21d0/v3/+/devices/+/up')).toBeTruthy();
    expect(screen.getByText('insights/org-3f9a7c21d0/boiler/flow')).toBeTruthy();
  });

  it("shows a device's last problem and when, beside its last uplink", async () => {
    const troubled: LorawanDevice = {
      ...probe,
      application: 'farm-sensors',
      lastUplinkAt: '2024-10-03T06:15:00.000Z',
      lastProblem: 'temperature: "n/a" is not a number; nothing stored for data point 11',
      lastProblemAt: '2024-10-03T06:00:00.000Z',
    };
    useApi(answer('lorawan', { ...overview, devices: [troubled] }), answer('getDataPoint', points));
    renderInApp(<LorawanDevices data={{}} />);
    expect(
      await screen.findByText(/: temperature: "n\/a" is not a number; nothing stored for data point 11$/),
    ).toBeTruthy();
    expect(screen.getByText(/^Problem on .*2024/)).toBeTruthy();
    expect(screen.getByText('application farm-sensors')).toBeTruthy();
  });

  it('deletes a device after asking, then lists again; keeps it when the person says no', async () => {
    const calls = useApi(
      answer('lorawan', overview),
      answer('getDataPoint', points),
      answer('lorawanDeleteDevice', { deleted: 1 }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderInApp(<LorawanDevices data={{}} />);
    await screen.findByText('Soil probe 07');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Soil probe 07' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/readings it has sent stay/));
    expect(callsTo(calls, 'lorawanDeleteDevice')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Soil probe 07' }));
    expect(await screen.findByText('Soil probe 07 was deleted')).toBeTruthy();
    expect(callsTo(calls, 'lorawanDeleteDevice')[0]?.request).toEqual({ id: 1 });
    await waitFor(() => expect(callsTo(calls, 'lorawan')).toHaveLength(2));
  });

  it('offers a viewer neither registering nor deleting a device', async () => {
    signInToSession({ role: 'viewer' });
    useApi(answer('lorawan', overview), answer('getDataPoint', points));
    renderInApp(<LorawanDevices data={{}} />);
    expect(await screen.findByText('Soil probe 07')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Register a LoRaWAN device' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Soil probe 07' })).toBeNull();
  });

  it('tells a person without a broker whom to ask, never a server setting', async () => {
    useApi(
      answer('lorawan', { ...overview, broker: { ...overview.broker, configured: false, connected: false } }),
      answer('getDataPoint', points),
    );
    const { container } = renderInApp(<LorawanDevices data={{}} />);
    expect(await screen.findByText('not configured')).toBeTruthy();
    expect(screen.getByText(/Ask your administrator to connect one\./)).toBeTruthy();
    expect(container.textContent).not.toMatch(/MQTT_URL|DATA_DIR|SFTP_DROP_DIR/);
  });

  it('registers a device with a field mapped to a picked data point, then lists again', async () => {
    const calls = useApi(
      answer('lorawan', overview),
      answer('getDataPoint', points),
      answer('lorawanCreateDevice', (request) => ({
        device: { ...probe, id: 2, ...request, lastUplinkAt: null },
      })),
    );
    renderInApp(<LorawanDevices data={{}} />);
    await screen.findByText('Soil probe 07');
    fireEvent.change(screen.getByLabelText(/^DevEUI/), { target: { value: '00-04-a3-0b-00-1c-05-30' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Greenhouse sensor' } });
    fireEvent.change(screen.getByLabelText(/^Application ID/), { target: { value: ' greenhouse ' } });
    fireEvent.change(screen.getByLabelText('Mapping 1 field'), { target: { value: 'temperature_1' } });
    fireEvent.change(screen.getByLabelText('Mapping 1 data point'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Greenhouse sensor (0004A30B001C0530) is registered')).toBeTruthy();
    expect(callsTo(calls, 'lorawanCreateDevice')[0]?.request).toEqual({
      devEui: '0004A30B001C0530',
      name: 'Greenhouse sensor',
      application: 'greenhouse',
      decoder: { type: 'cayenne-lpp' },
      fields: { temperature_1: 11 },
    });
    await waitFor(() => expect(callsTo(calls, 'lorawan')).toHaveLength(2));
  });

  it("shows the server's reason when a device is refused", async () => {
    useApi(
      answer('lorawan', overview),
      answer('getDataPoint', points),
      failWith('lorawanCreateDevice', 409, 'DevEUI 70B3D57ED0061A2C is already registered.'),
    );
    renderInApp(<LorawanDevices data={{}} />);
    await screen.findByText('Soil probe 07');
    fireEvent.change(screen.getByLabelText(/^DevEUI/), { target: { value: '70B3D57ED0061A2C' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('DevEUI 70B3D57ED0061A2C is already registered.')).toBeTruthy();
  });

  it('checks the DevEUI before sending', async () => {
    const calls = useApi(answer('lorawan', overview), answer('getDataPoint', points));
    renderInApp(<LorawanDevices data={{}} />);
    await screen.findByText('Soil probe 07');
    fireEvent.change(screen.getByLabelText(/^DevEUI/), { target: { value: '70B3' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/The DevEUI must be 16 hex digits/)).toBeTruthy();
    expect(callsTo(calls, 'lorawanCreateDevice')).toHaveLength(0);
  });
});

describe('device form', () => {
  const english = i18next.getFixedT('en-US', 'lorawan-devices');

  it('builds a bytes decoder request, skipping empty mapping rows', () => {
    expect(
      deviceRequest(
        {
          devEui: '70b3d57ed0061a2c',
          name: ' Probe ',
          application: '',
          decoder: 'bytes',
          bytesFields: [
            { name: 'temperature', offset: '0', type: 'int16be', scale: '0.01' },
            { name: 'battery', offset: '2', type: 'uint8', scale: '' },
          ],
          mappings: [
            { field: 'temperature', dataPointId: '11' },
            { field: '', dataPointId: '' },
          ],
        },
        english,
      ),
    ).toEqual({
      request: {
        devEui: '70B3D57ED0061A2C',
        name: 'Probe',
        decoder: {
          type: 'bytes',
          fields: [
            { name: 'temperature', offset: 0, type: 'int16be', scale: 0.01 },
            { name: 'battery', offset: 2, type: 'uint8' },
          ],
        },
        fields: { temperature: 11 },
      },
    });
  });

  it('names what to fix', () => {
    const form = {
      devEui: '70B3D57ED0061A2C',
      name: 'Probe',
      application: '',
      decoder: 'bytes' as const,
      bytesFields: [{ name: 't', offset: '300', type: 'uint8' as const, scale: '' }],
      mappings: [],
    };
    expect(deviceRequest(form, english)).toEqual({
      problem: 'The byte position of "t" must be a whole number from 0 to 241.',
    });
    expect(
      deviceRequest(
        { ...form, decoder: 'network', mappings: [{ field: 'temperature', dataPointId: '' }] },
        english,
      ),
    ).toEqual({ problem: 'Each mapping needs a field name and a data point.' });
  });
});
