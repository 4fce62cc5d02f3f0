import { Button, Drawer, Field, Heading, Input, NativeSelect, Portal, Stack, Switch } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ChangeEvent } from 'react';
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
  const choice = (field: keyof Settings, label: string, options: string[]) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={String(settings[field])} onChange={select(field)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
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
    notify.success('Changes are successfully applied');
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
              <Drawer.Title>Settings</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                <Heading size="sm">Application Settings</Heading>
                <Field.Root>
                  <Field.Label>Application name</Field.Label>
                  <Input
                    size="sm"
                    value={settings.logo}
                    maxLength={40}
                    onChange={(event) => update({ logo: event.target.value })}
                  />
                </Field.Root>
                {choice('routerAnimation', 'Router animation', ANIMATIONS)}
                {choice('locale', 'Language', ['en-US'])}
                <Heading size="sm">Layout Settings</Heading>
                {toggle('isContentMaxWidth', 'Content max width')}
                {toggle('isAppMaxWidth', 'Application max width')}
                {toggle('isGrayBackground', 'Gray background')}
                {choice('layoutBreadcrumbs', 'Breadcrumbs', ['v1', 'v2', 'noBreadcrumbs'])}
                <Heading size="sm">Menu Settings</Heading>
                {choice('layoutMenu', 'Menu style', ['classic', 'flyout', 'simply', 'noMenu'])}
                {choice('menuLayoutType', 'Menu position', ['left', 'top', 'nomenu'])}
                {choice('menuColor', 'Menu colour', ['gray', 'dark', 'white'])}
                {toggle('isMenuCollapsed', 'Collapsed menu')}
                {toggle('isMenuShadow', 'Menu shadow')}
                <Field.Root>
                  <Field.Label>Menu width: {settings.leftMenuWidth} px</Field.Label>
                  <input
                    type="range"
                    aria-label="Menu width"
                    min={MENU_WIDTH.min}
                    max={MENU_WIDTH.max}
                    value={settings.leftMenuWidth}
                    onChange={(event) => update({ leftMenuWidth: Number(event.target.value) })}
                  />
                </Field.Root>
                <Heading size="sm">Topbar Settings</Heading>
                {choice('layoutTopbar', 'Topbar', ['v1', 'noTopbar'])}
                {toggle('isTopbarFixed', 'Fixed topbar')}
                {toggle('isGrayTopbar', 'Gray topbar')}
                <Heading size="sm">Footer Settings</Heading>
                {choice('layoutFooter', 'Footer', ['v1', 'v2', 'v3', 'v4', 'noFooter'])}
                <Field.Root>
                  <Field.Label>Import settings from a file</Field.Label>
                  <input
                    type="file"
                    accept="application/json,.json"
                    aria-label="Import settings"
                    onChange={importFile}
                  />
                </Field.Root>
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              <Button colorPalette="brand" onClick={onSave}>
                Save
              </Button>
            </Drawer.Footer>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
