import { Heading, Stack } from '@chakra-ui/react';
import { useApiData } from '../../src/api/use-api-data';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
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
            />
            <BrokerTopics broker={broker} />
            <RegisterDeviceForm dataPoints={dataPoints} onRegistered={state.reload} />
          </Stack>
        )}
      </DataState>
    </Stack>
  );
}
