import { Button, Drawer, Field, Heading, Input, NativeSelect, Portal, Stack, Switch } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type Locale } from '../i18n/i18n';
import { MENU_WIDTH, type Settings } from '../settings/settings';
import { settingsAtom, updateSettingsAtom } from '../settings/settings-atoms';
import { parseSettingsFile } from '../settings/settings-file';
import { notify } from '../ui/toaster';

const ANIMATIONS: Settings['routerAnimation'][] = [
  'none',
  'slide-fadein-up',
  'slide-fadein-right',
  'fadein',
  'zoom-fadein',
];

/** The settings side panel (spec §2): application, layout, menu, topbar and footer settings, and Save. */
export function SettingsPanel({ onSave }: { onSave: () => void }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const update = useSetAtom(updateSettingsAtom);
  const select =
    <K extends keyof Settings>(field: K) =>
    (event: ChangeEvent<HTMLSelectElement>) =>
      update({ [field]: event.target.value } as Partial<Settings>);
  const toggle = (field: keyof Settings, label: string) => (
    <Switch.Root
      checked={Boolean(settings[field])}
      onCheckedChange={(details) => update({ [field]: details.checked } as Partial<Settings>)}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
  /** A select of the field's values, each in words (settings.options.<field>.<value>) unless `named`. */
  const choice = (
    field: keyof Settings,
    label: string,
    options: string[],
    named?: (option: string) => string,
  ) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={String(settings[field])} onChange={select(field)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {named ? named(option) : t(`settings.options.${field}.${option}`)}
            </option>
          ))}
        </NativeSelect.Field>
      </NativeSelect.Root>
    </Field.Root>
  );

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const parsed = parseSettingsFile(await file.text());
    if (!parsed.ok) {
      notify.warning(parsed.message);
      return;
    }
    update(parsed.settings);
    notify.success(t('settings.applied'));
  };

  return (
    <Drawer.Root
      open={settings.isSidebarOpen}
      onOpenChange={(details) => update({ isSidebarOpen: details.open })}
      placement="end"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t('settings.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                <Heading size="sm">{t('settings.application')}</Heading>
                <Field.Root>
                  <Field.Label>{t('settings.appName')}</Field.Label>
                  <Input
                    size="sm"
                    value={settings.logo}
                    maxLength={40}
                    onChange={(event) => update({ logo: event.target.value })}
                  />
                </Field.Root>
                {choice('routerAnimation', t('settings.routerAnimation'), ANIMATIONS)}
                {/* Each language in its own words, as the language menu names them. */}
                {choice(
                  'locale',
                  t('settings.language'),
                  Object.keys(LOCALE_NAMES),
                  (locale) => LOCALE_NAMES[locale as Locale],
                )}
                <Heading size="sm">{t('settings.layout')}</Heading>
                {toggle('isContentMaxWidth', t('settings.contentMaxWidth'))}
                {toggle('isAppMaxWidth', t('settings.appMaxWidth'))}
                {toggle('isGrayBackground', t('settings.grayBackground'))}
                {choice('layoutBreadcrumbs', t('settings.breadcrumbs'), ['v1', 'v2', 'noBreadcrumbs'])}
                <Heading size="sm">{t('settings.menu')}</Heading>
                {choice('layoutMenu', t('settings.menuStyle'), ['classic', 'flyout', 'simply', 'noMenu'])}
                {choice('menuLayoutType', t('settings.menuPosition'), ['left', 'top', 'nomenu'])}
                {choice('menuColor', t('settings.menuColor'), ['gray', 'dark', 'white'])}
                {toggle('isMenuCollapsed', t('settings.collapsedMenu'))}
                {toggle('isMenuShadow', t('settings.menuShadow'))}
                <Field.Root>
                  <Field.Label>{t('settings.menuWidth', { width: settings.leftMenuWidth })}</Field.Label>
                  <input
                    type="range"
                    aria-label={t('settings.menuWidthSlider')}
                    min={MENU_WIDTH.min}
                    max={MENU_WIDTH.max}
                    value={settings.leftMenuWidth}
                    onChange={(event) => update({ leftMenuWidth: Number(event.target.value) })}
                  />
                </Field.Root>
                <Heading size="sm">{t('settings.topbar')}</Heading>
                {choice('layoutTopbar', t('settings.topbarVariant'), ['v1', 'noTopbar'])}
                {toggle('isTopbarFixed', t('settings.fixedTopbar'))}
                {toggle('isGrayTopbar', t('settings.grayTopbar'))}
                <Heading size="sm">{t('settings.footer')}</Heading>
                {choice('layoutFooter', t('settings.footerVariant'), ['v1', 'v2', 'v3', 'v4', 'noFooter'])}
                <Field.Root>
                  <Field.Label>{t('settings.import')}</Field.Label>
                  <input
                    type="file"
                    accept="application/json,.json"
                    aria-label={t('settings.importFile')}
                    onChange={importFile}
                  />
                </Field.Root>
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              <Button colorPalette="brand" onClick={onSave}>
                {t('settings.save')}
              </Button>
            </Drawer.Footer>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
