import { Code, Table, Text } from '@chakra-ui/react';
import type { LorawanDevice } from '../../src/generated/api-types';
import { formatDate } from '../shared/format';
import { DECODER_LABELS } from './device-form';

/** Registered devices; mapped points are shown by name where the caller can see them. */
export function DeviceTable({
  devices,
  pointNames,
}: {
  devices: LorawanDevice[];
  pointNames: Map<number, string>;
}) {
  if (devices.length === 0) {
    return <Text color="fg.muted">No LoRaWAN devices are registered yet.</Text>;
  }
  return (
    <Table.Root size="sm">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Name</Table.ColumnHeader>
          <Table.ColumnHeader>DevEUI</Table.ColumnHeader>
          <Table.ColumnHeader>Decoder</Table.ColumnHeader>
          <Table.ColumnHeader>Fields</Table.ColumnHeader>
          <Table.ColumnHeader>Last uplink</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {devices.map((device) => (
          <Table.Row key={device.id}>
            <Table.Cell>{device.name}</Table.Cell>
            <Table.Cell>
              <Code>{device.devEui}</Code>
            </Table.Cell>
            <Table.Cell>{DECODER_LABELS[device.decoder.type]}</Table.Cell>
            <Table.Cell>
              {Object.entries(device.fields)
                .map(([field, id]) => `${field} → ${pointNames.get(id ?? 0) ?? `#${id}`}`)
                .join(', ') || '–'}
            </Table.Cell>
            <Table.Cell>{device.lastUplinkAt ? formatDate(device.lastUplinkAt, true) : 'never'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
