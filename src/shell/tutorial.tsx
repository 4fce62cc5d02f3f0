import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { settingsAtom, updateSettingsAtom } from '../settings/settings-atoms';

/** The guided tour's eight steps (spec §2). */
export const TUTORIAL_STEPS = [
  {
    title: 'Welcome to Insights',
    text: 'A short tour of where things are. Close it whenever you like; it will not come back.',
  },
  {
    title: 'The menu',
    text: 'Everything lives in the menu on the left, grouped under Status, Integration, Data Studio, Reporting and Management.',
  },
  {
    title: 'Sites and assets',
    text: 'Sites lists your places; Assets shows the tree of buildings, floors, zones and equipment.',
  },
  {
    title: 'Data feeds',
    text: 'Data Feeds shows every meter and sensor with its last value and how complete its data is.',
  },
  { title: 'Data Explorer', text: 'Compare data feeds over any period, and export what you see.' },
  { title: 'Settings', text: 'The gear opens the settings: application name, menu, topbar and footer.' },
  {
    title: 'Layout configuration',
    text: 'The half circle opens presets, light or dark theme and your primary colour.',
  },
  { title: 'Your profile', text: 'Your name at the top right opens your profile and the way out.' },
] as const;

/** Not shown inside a frame, nor when the page is opened with the demo flag (?demo=true). */
function tutorialAllowed(): boolean {
  const framed = window.self !== window.top;
  const demo = new URLSearchParams(window.location.search).get('demo') === 'true';
  return !framed && !demo;
}

/** The guided tutorial: shown once, until closed or the layout configuration is saved. */
export function Tutorial() {
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
      aria-label="Guided tour"
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
        Step {step + 1} of {TUTORIAL_STEPS.length}
      </Text>
      <Text fontWeight="semibold" mt="1">
        {current.title}
      </Text>
      <Text fontSize="sm" mt="1">
        {current.text}
      </Text>
      <HStack justify="space-between" mt="3">
        <Button size="xs" variant="ghost" onClick={close}>
          Close
        </Button>
        <HStack>
          <Button size="xs" variant="outline" disabled={step === 0} onClick={() => setStep(step - 1)}>
            Back
          </Button>
          <Button size="xs" colorPalette="brand" onClick={last ? close : () => setStep(step + 1)}>
            {last ? 'Done' : 'Next'}
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
