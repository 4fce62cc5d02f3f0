import { Button, Field, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { api } from '../../src/generated/api-client';
import type { DataPoint } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { BytesFieldsEditor } from './bytes-fields-editor';
import {
  blankDeviceForm,
  DECODER_TYPES,
  type DecoderType,
  type DeviceForm,
  deviceRequest,
  fieldSuggestions,
} from './device-form';
import { FieldMappingEditor } from './field-mapping-editor';

/** Registers a device: DevEUI, name, decoder, and the mapping of decoded fields to data points. */
export function RegisterDeviceForm({ dataPoints }: { dataPoints: DataPoint[] }) {
  const { t } = useTranslation('lorawan-devices');
  const [form, setForm] = useState<DeviceForm>(blankDeviceForm);
  const register = useScreenMutation(api.lorawanCreateDevice, ['lorawan-devices']);
  const [problem, setProblem] = useState<string | undefined>();
  const change = (update: Partial<DeviceForm>) => setForm((current) => ({ ...current, ...update }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = deviceRequest(form, t);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    register.mutate(checked.request, {
      onSuccess: ({ device }) => {
        notify.success(t('register.registered', { name: device.name, devEui: device.devEui }));
        setForm(blankDeviceForm());
      },
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <form onSubmit={submit} aria-label={t('register.form')}>
      <Stack gap="3" maxW="3xl">
        <Heading as="h3" size="sm">
          {t('register.title')}
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
            <Field.Label>{t('register.name')}</Field.Label>
            <Input
              value={form.name}
              placeholder={t('register.namePlaceholder')}
              onChange={(event) => change({ name: event.target.value })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('register.application')}</Field.Label>
            <Input
              value={form.application}
              placeholder={t('register.applicationPlaceholder')}
              onChange={(event) => change({ application: event.target.value })}
            />
            <Field.HelperText>{t('register.applicationHelp')}</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('register.decoder')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={form.decoder}
                onChange={(event) => change({ decoder: event.target.value as DecoderType })}
              >
                {DECODER_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`decoders.${type}`)}
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
        <Button type="submit" loading={register.isPending} alignSelf="start">
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
