import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { motion } from 'framer-motion';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESET_NAMES, PRESETS } from '../settings/presets';
import type { Settings } from '../settings/settings';
import { settingsAtom, updateSettingsAtom } from '../settings/settings-atoms';

/** The colour picker waits this long after the last change (spec §9). */
const COLOR_DEBOUNCE_MS = 200;

/** The draggable Layout Configuration panel (spec §2): presets, theme style, light or dark, primary colour, Save. */
export function LayoutConfigPanel({ onSave }: { onSave: () => void }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const update = useSetAtom(updateSettingsAtom);
  const [color, setColor] = useState(settings.primaryColor);

  useEffect(() => setColor(settings.primaryColor), [settings.primaryColor]);
  useEffect(() => {
    if (color === settings.primaryColor) return;
    const timer = setTimeout(() => update({ primaryColor: color }), COLOR_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [color, settings.primaryColor, update]);

  if (!settings.isPreselectedOpen) return null;
  const choose = (changes: Partial<Settings>) => update(changes);
  return (
    <motion.div
      drag
      dragMomentum={false}
      style={{ position: 'fixed', right: 24, top: 80, zIndex: 1400 }}
      role="dialog"
      aria-label={t('settings.layoutConfiguration')}
    >
      <Box bg="bg" borderWidth="1px" borderRadius="lg" shadow="lg" p="4" w="80" cursor="move">
        <Stack gap="4">
          <Heading size="sm">{t('settings.layoutConfiguration')}</Heading>
          <SimpleGrid columns={3} gap="2">
            {PRESET_NAMES.map((name) => (
              <Button
                key={name}
                size="xs"
                variant={settings.preselectedVariant === name ? 'solid' : 'outline'}
                onClick={() => choose({ ...PRESETS[name], preselectedVariant: name })}
              >
                {name}
              </Button>
            ))}
          </SimpleGrid>
          <Text fontSize="sm" fontWeight="medium">
            {t('settings.themeStyle')}
          </Text>
          <HStack>
            {(['fluent', 'clean', 'air'] as const).map((version) => (
              <Button
                key={version}
                size="xs"
                variant={settings.version === version ? 'solid' : 'outline'}
                onClick={() => choose({ version })}
              >
                {version}
              </Button>
            ))}
          </HStack>
          <Text fontSize="sm" fontWeight="medium">
            {t('settings.theme')}
          </Text>
          <HStack>
            <Button
              size="xs"
              variant={settings.theme === 'default' ? 'solid' : 'outline'}
              onClick={() => choose({ theme: 'default' })}
            >
              {t('settings.light')}
            </Button>
            <Button
              size="xs"
              variant={settings.theme === 'dark' ? 'solid' : 'outline'}
              onClick={() => choose({ theme: 'dark' })}
            >
              {t('settings.dark')}
            </Button>
          </HStack>
          <HStack justify="space-between">
            <label htmlFor="primary-color">
              <Text fontSize="sm" fontWeight="medium">
                {t('settings.primaryColor')}
              </Text>
            </label>
            <input
              id="primary-color"
              type="color"
              value={color}
              onChange={(event) => setColor(event.target.value)}
            />
          </HStack>
          <Button colorPalette="brand" onClick={onSave}>
            {t('settings.save')}
          </Button>
        </Stack>
      </Box>
    </motion.div>
  );
}
