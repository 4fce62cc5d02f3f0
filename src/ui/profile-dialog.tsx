import { Alert, Button, Dialog, Field, Image, Input, Portal, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_READ, useProfile } from '../data/profile';
import { useScreenMutation } from '../data/screen-mutation';
import { api } from '../generated/api-client';
import type { GetProfileResponse } from '../generated/api-types';
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

/** Whose profile it is: the signed-in person, as the session knows them. */
interface ProfileOwner {
  id: string;
  name: string;
  email: string;
}

/** What saving sends: the form, its phone number as stored, and a new photo if one was chosen. */
interface ProfileChanges {
  userId: string;
  form: ProfileForm;
  phone: string | null;
  photo: File | undefined;
}

/** Uploads the new photo, if any, then saves the profile with it. */
async function saveProfile({ userId, form, phone, photo }: ProfileChanges): Promise<void> {
  const image = photo ? (await api.uploadUserLogo({}, photo)).image : form.image;
  await api.saveProfile({
    user_id: userId,
    display_name: form.displayName,
    phone_number: phone,
    time_zone: form.timeZone,
    user_image: image,
  });
}

/** The form as the stored profile fills it; a person with none starts from their name and this device's zone. */
function formOf(stored: GetProfileResponse[number] | null, owner: ProfileOwner): ProfileForm {
  return {
    displayName: stored?.display_name ?? owner.name,
    phone: stored?.phone_number ?? '',
    timeZone: stored?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    image: stored?.image ?? null,
  };
}

/**
 * The spec's 'Edit Your Profile' modal: Display Name (read-only), Full Name,
 * Phone Number, photo, Time Zone. Shown while mounted: each opening starts
 * from the stored profile, read again as it opens, with the person's changes
 * over it.
 */
export function ProfileDialog({ user, onClose }: { user: ProfileOwner; onClose: () => void }) {
  const { t } = useTranslation();
  const profile = useProfile(user.id);
  const [changes, setChanges] = useState<Partial<ProfileForm>>({});
  const [photo, setPhoto] = useState<File>();
  const [phoneError, setPhoneError] = useState(false);
  const saving = useScreenMutation(saveProfile, [PROFILE_READ]);
  useReadFailureSaid(profile.isFetchedAfterMount ? profile.error : null);
  const form = profile.data === undefined ? undefined : { ...formOf(profile.data, user), ...changes };

  const zoneError = form && !isTimeZone(form.timeZone);

  const save = () => {
    if (!form || zoneError) return;
    const phone = phoneForSaving(form.phone);
    if (!phone.ok) {
      setPhoneError(true);
      return;
    }
    saving.mutate(
      { userId: user.id, form, phone: phone.value, photo },
      {
        onSuccess: () => {
          notify.success('successfully save');
          onClose();
        },
        onError: (error) => notify.error('error in saving', error.message),
      },
    );
  };

  const set = (field: keyof ProfileForm) => (event: { target: { value: string } }) =>
    setChanges((current) => ({ ...current, [field]: event.target.value }));

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
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
                      onChange={(timeZone) => setChanges((current) => ({ ...current, timeZone }))}
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
              <Button
                colorPalette="brand"
                onClick={save}
                loading={saving.isPending}
                disabled={!form || zoneError}
              >
                {t('profile.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A failed read of the profile, said as the dialog always has: the form stays away until there is one. */
function useReadFailureSaid(failure: Error | null): void {
  useEffect(() => {
    if (failure) notify.error('error in saving', failure.message);
  }, [failure]);
}
