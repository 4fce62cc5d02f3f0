import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { usePlanAllows } from '../../src/auth/use-plan-allows';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { useScreenQuery } from '../../src/data/screen-query';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { LorawanDevice } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { PlanOffer } from '../shared/plan-offer';
import { BrokerTopics } from './broker-topics';
import { DeviceTable } from './device-table';
import { RegisterDeviceForm } from './register-device-form';

/** LoRaWAN devices, where to publish, and registering a device. */
export default function LorawanDevices({ data }: WidgetProps<'lorawan-devices'>) {
  const { t } = useTranslation('lorawan-devices');
  const state = fromQuery(
    useScreenQuery('lorawan-devices', async () => {
      const [overview, points] = await Promise.all([api.lorawan(), api.getDataPoint({})]);
      return { ...overview, dataPoints: points.dataPoints };
    }),
  );
  // A viewer sees the devices and topics, but is offered neither registering nor deleting.
  const canRegister = useCan('lorawanCreateDevice');
  const plan = usePlanAllows('lorawanCreateDevice');
  const canDelete = useCan('lorawanDeleteDevice');
  const deleteDevice = useScreenMutation(api.lorawanDeleteDevice, ['lorawan-devices']);
  const remove = (device: LorawanDevice) => {
    const question = t('deleteQuestion', { name: device.name, devEui: device.devEui });
    if (!window.confirm(question)) return;
    // Each deletion waits on its own promise: mutate's callbacks hear only of the latest call,
    // so a device deleted while another's deletion is under way would silence the first's outcome.
    void deleteDevice.mutateAsync({ id: device.id }).then(
      () => notify.success(t('deleted', { name: device.name })),
      (error: Error) => notify.error(t('deleteFailed', { name: device.name, message: error.message })),
    );
  };
  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <DataState state={state} what={t('what')}>
        {({ devices, broker, dataPoints }) => (
          <Stack gap="6">
            <DeviceTable
              devices={devices}
              pointNames={new Map(dataPoints.map((point) => [point.id, point.name]))}
              onDelete={canDelete ? remove : undefined}
            />
            <BrokerTopics broker={broker} />
            {!canRegister ? null : plan.allowed ? (
              <RegisterDeviceForm dataPoints={dataPoints} />
            ) : (
              <PlanOffer feature="lorawan" plan={plan.plan} upgrade={plan.upgrade} />
            )}
          </Stack>
        )}
      </DataState>
    </Stack>
  );
}
