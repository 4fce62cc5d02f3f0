import { Heading, Stack } from '@chakra-ui/react';
import { useApiData } from '../../src/api/use-api-data';
import { useCan } from '../../src/auth/use-can';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { LorawanDevice } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { DataState } from '../shared/data-state';
import { BrokerTopics } from './broker-topics';
import { DeviceTable } from './device-table';
import { RegisterDeviceForm } from './register-device-form';

/** LoRaWAN devices, where to publish, and registering a device. */
export default function LorawanDevices({ data }: WidgetProps<'lorawan-devices'>) {
  const state = useApiData(async () => {
    const [overview, points] = await Promise.all([api.lorawan(), api.getDataPoint({})]);
    return { ...overview, dataPoints: points.dataPoints };
  }, 'lorawan-devices');
  // A viewer sees the devices and topics, but is offered neither registering nor deleting.
  const canRegister = useCan('lorawanCreateDevice');
  const canDelete = useCan('lorawanDeleteDevice');
  const remove = async (device: LorawanDevice) => {
    const question = `Delete ${device.name} (${device.devEui})? Its uplinks will no longer be stored; the readings it has sent stay with their data points.`;
    if (!window.confirm(question)) return;
    try {
      await api.lorawanDeleteDevice({ id: device.id });
      notify.success(`${device.name} was deleted`);
      state.reload();
    } catch (error) {
      notify.error(`${device.name} could not be deleted: ${(error as Error).message}`);
    }
  };
  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {data.heading ?? 'LoRaWAN devices'}
      </Heading>
      <DataState state={state} what="Your LoRaWAN devices">
        {({ devices, broker, dataPoints }) => (
          <Stack gap="6">
            <DeviceTable
              devices={devices}
              pointNames={new Map(dataPoints.map((point) => [point.id, point.name]))}
              onDelete={canDelete ? remove : undefined}
            />
            <BrokerTopics broker={broker} />
            {canRegister ? <RegisterDeviceForm dataPoints={dataPoints} onRegistered={state.reload} /> : null}
          </Stack>
        )}
      </DataState>
    </Stack>
  );
}
