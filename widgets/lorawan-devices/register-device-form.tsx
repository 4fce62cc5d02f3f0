import { Button, Field, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { api } from '../../src/generated/api-client';
import type { DataPoint } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { BytesFieldsEditor } from './bytes-fields-editor';
import {
  blankDeviceForm,
  DECODER_LABELS,
  type DecoderType,
  type DeviceForm,
  deviceRequest,
  fieldSuggestions,
} from './device-form';
import { FieldMappingEditor } from './field-mapping-editor';

/** Registers a device: DevEUI, name, decoder, and the mapping of decoded fields to data points. */
export function RegisterDeviceForm({
  dataPoints,
  onRegistered,
}: {
  dataPoints: DataPoint[];
  onRegistered: () => void;
}) {
  const [form, setForm] = useState<DeviceForm>(blankDeviceForm);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const change = (update: Partial<DeviceForm>) => setForm((current) => ({ ...current, ...update }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = deviceRequest(form);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      const { device } = await api.lorawanCreateDevice(checked.request);
      notify.success(`${device.name} (${device.devEui}) is registered`);
      setForm(blankDeviceForm());
      onRegistered();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Register a LoRaWAN device">
      <Stack gap="3" maxW="3xl">
        <Heading as="h3" size="sm">
          Register a device
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="3">
          <Field.Root required>
            <Field.Label>DevEUI</Field.Label>
            <Input
              value={form.devEui}
              placeholder="70B3D57ED0061A2C"
              onChange={(event) => change({ devEui: event.target.value })}
            />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Name</Field.Label>
            <Input
              value={form.name}
              placeholder="Soil probe 07"
              onChange={(event) => change({ name: event.target.value })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Application ID</Field.Label>
            <Input
              value={form.application}
              placeholder="farm-sensors"
              onChange={(event) => change({ application: event.target.value })}
            />
            <Field.HelperText>
              As in The Things Stack or ChirpStack. Needed only for uplinks on the network server's own
              topics.
            </Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Decoder</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={form.decoder}
                onChange={(event) => change({ decoder: event.target.value as DecoderType })}
              >
                {Object.entries(DECODER_LABELS).map(([type, label]) => (
                  <option key={type} value={type}>
                    {label}
                  </option>
                ))}
              </NativeSelect.Field>
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        {form.decoder === 'bytes' ? (
          <BytesFieldsEditor rows={form.bytesFields} onChange={(bytesFields) => change({ bytesFields })} />
        ) : null}
        <FieldMappingEditor
          rows={form.mappings}
          suggestions={fieldSuggestions(form)}
          dataPoints={dataPoints}
          onChange={(mappings) => change({ mappings })}
        />
        {problem ? (
          <Text color="fg.error" role="alert">
            {problem}
          </Text>
        ) : null}
        <Button type="submit" loading={busy} alignSelf="start">
          Register
        </Button>
      </Stack>
    </form>
  );
}
