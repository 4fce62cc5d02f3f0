import { Button, Code, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LorawanDevice } from '../../src/generated/api-types';
import { formatDate } from '../shared/format';

/** Registered devices; mapped points are shown by name where the caller can see them. */
export function DeviceTable({
  devices,
  pointNames,
  onDelete,
}: {
  devices: LorawanDevice[];
  pointNames: Map<number, string>;
  /** Absent when the member's role may not delete devices: no button is offered then. */
  onDelete?: (device: LorawanDevice) => void;
}) {
  const { t } = useTranslation('lorawan-devices');
  if (devices.length === 0) {
    return <Text color="fg.muted">{t('table.empty')}</Text>;
  }
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('table.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>DevEUI</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.decoder')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.fields')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.lastUplink')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {devices.map((device) => (
            <Table.Row key={device.id}>
              <Table.Cell>{device.name}</Table.Cell>
              <Table.Cell>
                <Stack gap="0">
                  <Code>{device.devEui}</Code>
                  {device.application ? (
                    <Text fontSize="xs" color="fg.muted">
                      {t('table.application', { application: device.application })}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Cell>
              <Table.Cell>{t(`decoders.${device.decoder.type}`)}</Table.Cell>
              <Table.Cell>
                {Object.entries(device.fields)
                  .map(([field, id]) => `${field} → ${pointNames.get(id ?? 0) ?? `#${id}`}`)
                  .join(', ') || '–'}
              </Table.Cell>
              <Table.Cell>
                <LastUplink device={device} />
              </Table.Cell>
              <Table.Cell>
                {onDelete ? (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t('table.deleteDevice', { name: device.name })}
                    onClick={() => onDelete(device)}
                  >
                    {t('table.delete')}
                  </Button>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** When it was last heard, and, if an uplink lost readings, the latest reason and when. */
function LastUplink({ device }: { device: LorawanDevice }) {
  const { t } = useTranslation('lorawan-devices');
  return (
    <Stack gap="1" maxW="sm">
      <Text>{device.lastUplinkAt ? formatDate(device.lastUplinkAt, true) : t('table.never')}</Text>
      {device.lastProblem && device.lastProblemAt ? (
        <Text fontSize="xs" color="fg.error">
          {t('table.problem', { date: formatDate(device.lastProblemAt, true), problem: device.lastProblem })}
        </Text>
      ) : null}
    </Stack>
  );
}
