import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsAtom, updateSettingsAtom } from '../settings/settings-atoms';

/** The guided tour's eight steps (spec §2), by their keys under tour.steps in the language files. */
export const TUTORIAL_STEPS = [
  'welcome',
  'menu',
  'sites',
  'feeds',
  'explorer',
  'settings',
  'layout',
  'profile',
] as const;

/** Not shown inside a frame, nor when the page is opened with the demo flag (?demo=true). */
function tutorialAllowed(): boolean {
  const framed = window.self !== window.top;
  const demo = new URLSearchParams(window.location.search).get('demo') === 'true';
  return !framed && !demo;
}

/** The guided tutorial: shown once, until closed or the layout configuration is saved. */
export function Tutorial() {
  const { t } = useTranslation();
  const { tutorialTouched } = useAtomValue(settingsAtom);
  const update = useSetAtom(updateSettingsAtom);
  const [step, setStep] = useState(0);
  const [allowed] = useState(tutorialAllowed);
  if (tutorialTouched || !allowed) return null;
  const current = TUTORIAL_STEPS[step] ?? TUTORIAL_STEPS[0];
  const close = () => update({ tutorialTouched: true });
  const last = step === TUTORIAL_STEPS.length - 1;
  return (
    <Box
      role="dialog"
      aria-label={t('tour.label')}
      position="fixed"
      bottom="6"
      right="6"
      w="80"
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      shadow="lg"
      p="4"
      zIndex="overlay"
    >
      <Text fontSize="xs" color="fg.muted">
        {t('tour.step', { current: step + 1, total: TUTORIAL_STEPS.length })}
      </Text>
      <Text fontWeight="semibold" mt="1">
        {t(`tour.steps.${current}.title`)}
      </Text>
      <Text fontSize="sm" mt="1">
        {t(`tour.steps.${current}.text`)}
      </Text>
      <HStack justify="space-between" mt="3">
        <Button size="xs" variant="ghost" onClick={close}>
          {t('tour.close')}
        </Button>
        <HStack>
          <Button size="xs" variant="outline" disabled={step === 0} onClick={() => setStep(step - 1)}>
            {t('tour.back')}
          </Button>
          <Button size="xs" colorPalette="brand" onClick={last ? close : () => setStep(step + 1)}>
            {last ? t('tour.done') : t('tour.next')}
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
