import { Box, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MenuItem, menuFor } from './menu';
import { MenuEntry } from './menu-entry';

/** Spec §9: the flyout hides 100 ms after the pointer leaves, so crossing a gap does not close it. */
export const FLYOUT_HIDE_DELAY_MS = 100;

/** Menu items grouped under their headings. */
function groups(items: MenuItem[]): { heading: MenuItem; entries: MenuItem[] }[] {
  const result: { heading: MenuItem; entries: MenuItem[] }[] = [];
  for (const item of items) {
    if (item.category) result.push({ heading: item, entries: [] });
    else result.at(-1)?.entries.push(item);
  }
  return result;
}

/** The flyout menu: one button per heading; pointing at one shows its entries beside it. */
export function FlyoutMenu({ role, width }: { role: string; width: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string>();
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  const show = (key: string) => {
    clearTimeout(hideTimer.current);
    setOpen(key);
  };
  const hideSoon = () => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setOpen(undefined), FLYOUT_HIDE_DELAY_MS);
  };
  return (
    <Box
      as="nav"
      aria-label={t('shell.mainMenu')}
      data-layout="flyout"
      w={`${width}px`}
      flexShrink={0}
      bg="bg"
      borderRightWidth="1px"
      py="4"
    >
      <Stack gap="1" px="2">
        {groups(menuFor(role)).map(({ heading, entries }) => (
          <Box
            key={heading.key}
            position="relative"
            onMouseEnter={() => show(heading.key)}
            onMouseLeave={hideSoon}
            onFocus={() => show(heading.key)}
          >
            <Text
              as="button"
              w="full"
              textAlign="start"
              px="2"
              py="1.5"
              fontSize="sm"
              fontWeight="semibold"
              borderRadius="md"
              aria-expanded={open === heading.key}
            >
              {t(`menu.${heading.key}`, heading.title)}
            </Text>
            {open === heading.key ? (
              <Stack
                data-testid="flyout"
                position="absolute"
                left="100%"
                top="0"
                zIndex="dropdown"
                bg="bg"
                borderWidth="1px"
                borderRadius="md"
                shadow="md"
                p="2"
                minW="48"
                gap="1"
              >
                {entries.map((entry) => (
                  <MenuEntry
                    key={entry.key}
                    item={entry}
                    label={t(`menu.${entry.key}`, entry.title)}
                    px="2"
                    py="1"
                    fontSize="sm"
                    borderRadius="md"
                    _currentPage={{ color: 'brand.fg', fontWeight: 'semibold' }}
                  />
                ))}
              </Stack>
            ) : null}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
