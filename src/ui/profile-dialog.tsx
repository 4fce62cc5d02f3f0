import { Alert, Button, Dialog, Field, Image, Input, Portal, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../generated/api-client';
import type { CurrentUser } from '../session/session-atoms';
import { phoneForSaving } from './phone-rule';
import { TimeZoneInput } from './time-zone-input';
import { isTimeZone } from './time-zones';
import { notify } from './toaster';

interface ProfileForm {
  displayName: string;
  phone: string;
  timeZone: string;
  image: string | null;
}

/** The spec's 'Edit Your Profile' modal: Display Name (read-only), Full Name, Phone Number, photo, Time Zone. */
export function ProfileDialog({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: CurrentUser;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ProfileForm>();
  const [photo, setPhoto] = useState<File>();
  const [phoneError, setPhoneError] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPhoneError(false);
    setPhoto(undefined);
    api.getProfile({ user_id: user.id }).then(
      ([row]) =>
        setForm({
          displayName: row?.display_name ?? user.name,
          phone: row?.phone_number ?? '',
          timeZone: row?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
          image: row?.image ?? null,
        }),
      (error: Error) => notify.error('error in saving', error.message),
    );
  }, [open, user.id, user.name]);

  const zoneError = form && !isTimeZone(form.timeZone);

  const save = async () => {
    if (!form || zoneError) return;
    const phone = phoneForSaving(form.phone);
    if (!phone.ok) {
      setPhoneError(true);
      return;
    }
    setSaving(true);
    try {
      const image = photo ? (await api.uploadUserLogo({}, photo)).image : form.image;
      await api.saveProfile({
        user_id: user.id,
        display_name: form.displayName,
        phone_number: phone.value,
        time_zone: form.timeZone,
        user_image: image,
      });
      notify.success('successfully save');
      onClose();
    } catch (error) {
      notify.error('error in saving', (error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const set = (field: keyof ProfileForm) => (event: { target: { value: string } }) =>
    setForm((current) => (current ? { ...current, [field]: event.target.value } : current));

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('profile.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {form ? (
                <Stack gap="3">
                  <Field.Root readOnly>
                    <Field.Label>{t('profile.displayName')}</Field.Label>
                    <Input value={user.email} readOnly />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('profile.fullName')}</Field.Label>
                    <Input value={form.displayName} onChange={set('displayName')} maxLength={120} />
                  </Field.Root>
                  <Field.Root invalid={phoneError}>
                    <Field.Label>{t('profile.phone')}</Field.Label>
                    <Input
                      value={form.phone}
                      onChange={(event) => {
                        setPhoneError(false);
                        set('phone')(event);
                      }}
                      type="tel"
                      placeholder="+44 20 7946 0958"
                    />
                  </Field.Root>
                  {phoneError ? (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{t('profile.badPhone')}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  <Field.Root>
                    <Field.Label>{t('profile.photo')}</Field.Label>
                    {form.image && !photo ? (
                      <Image
                        src={`/files/${form.image}`}
                        alt={t('profile.photoPreview')}
                        boxSize="16"
                        borderRadius="full"
                      />
                    ) : null}
                    <input
                      type="file"
                      accept="image/png,image/jpeg,image/webp,image/gif"
                      aria-label={t('profile.photo')}
                      onChange={(event) => setPhoto(event.target.files?.[0])}
                    />
                  </Field.Root>
                  <Field.Root invalid={zoneError}>
                    <Field.Label>{t('profile.timeZone')}</Field.Label>
                    <TimeZoneInput
                      value={form.timeZone}
                      onChange={(timeZone) => setForm({ ...form, timeZone })}
                      placeholder={t('profile.timeZoneSearch')}
                    />
                    <Field.ErrorText>{t('profile.badTimeZone', { zone: form.timeZone })}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('profile.cancel')}
              </Button>
              <Button colorPalette="brand" onClick={save} loading={saving} disabled={!form || zoneError}>
                {t('profile.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
