import { Container, Drawer, Flex, Portal } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { sessionAtom } from '../session/session-atoms';
import { MENU_WIDTH, type Settings } from '../settings/settings';
import { settingsAtom, updateSettingsAtom } from '../settings/settings-atoms';
import { useSettingsSync } from '../settings/use-settings-sync';
import { COLLAPSE_QUERY, MOBILE_QUERY, useMedia } from '../ui/use-media';
import { Breadcrumbs } from './breadcrumbs';
import { DemoPageNotice } from './demo-page-notice';
import { FlyoutMenu } from './flyout-menu';
import { Footer } from './footer';
import { LayoutConfigPanel } from './layout-config-panel';
import { NavigationProgress } from './navigation-progress';
import { OrganisationGate } from './organisation-gate';
import { RoleUnknownNotice } from './role-unknown-notice';
import { AnimatedOutlet } from './route-transition';
import { SettingsPanel } from './settings-panel';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { TopMenu } from './top-menu';
import { Tutorial } from './tutorial';
import { useEdgeSwipe } from './use-edge-swipe';

/**
 * The signed-in frame: top bar, the left menu (collapsed under 1024 px, a
 * drawer under 768 px), breadcrumbs, the page, and the footer.
 */
export function AppShell() {
  const settings = useAtomValue(settingsAtom);
  const updateSettings = useSetAtom(updateSettingsAtom);
  const session = useAtomValue(sessionAtom);
  const mobile = useMedia(MOBILE_QUERY);
  const narrow = useMedia(COLLAPSE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { saveLayoutConfig } = useSettingsSync();
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  useEdgeSwipe(mobile && !drawerOpen, openDrawer);
  const role = session.status === 'authorised' ? session.user.role : 'admin';
  const collapsed = narrow || settings.isMenuCollapsed;
  const width = collapsed ? MENU_WIDTH.collapsed : settings.leftMenuWidth;

  const toggleMenu = () =>
    mobile ? setDrawerOpen((open) => !open) : updateSettings({ isMenuCollapsed: !settings.isMenuCollapsed });

  return (
    <Flex direction="column" minH="100vh">
      {settings.layoutTopbar === 'noTopbar' ? null : (
        <TopBar
          logo={settings.logo}
          onToggleMenu={toggleMenu}
          menuOpen={mobile ? drawerOpen : !collapsed}
          onToggleThemeOptions={() =>
            updateSettings({
              isPreselectedOpen: !settings.isPreselectedOpen,
              showThemeOptions: !settings.isPreselectedOpen,
            })
          }
          onOpenSettings={() => updateSettings({ isSidebarOpen: true })}
        />
      )}
      <NavigationProgress />
      <Tutorial />
      <SettingsPanel onSave={() => saveLayoutConfig()} />
      <LayoutConfigPanel onSave={() => saveLayoutConfig()} />
      {!mobile && settings.menuLayoutType === 'top' && settings.layoutMenu !== 'noMenu' ? (
        <TopMenu role={role} />
      ) : null}
      <Flex flex="1">
        {mobile ? (
          <Drawer.Root
            open={drawerOpen}
            onOpenChange={(details) => setDrawerOpen(details.open)}
            placement="start"
          >
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content maxW={`${settings.leftMenuWidth}px`}>
                  <Sidebar
                    role={role}
                    collapsed={false}
                    width={settings.leftMenuWidth}
                    onNavigate={() => setDrawerOpen(false)}
                  />
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
        ) : (
          <DesktopMenu settings={settings} role={role} collapsed={collapsed} width={width} />
        )}
        <Flex direction="column" flex="1" minW="0">
          <Container as="main" maxW={settings.isContentMaxWidth ? '7xl' : 'full'} py="6" flex="1">
            {settings.layoutBreadcrumbs === 'noBreadcrumbs' ? null : (
              <Breadcrumbs variant={settings.layoutBreadcrumbs} />
            )}
            <RoleUnknownNotice />
            <DemoPageNotice />
            <OrganisationGate>
              <AnimatedOutlet animation={settings.routerAnimation} />
            </OrganisationGate>
          </Container>
          <Footer variant={settings.layoutFooter} logo={settings.logo} />
        </Flex>
      </Flex>
    </Flex>
  );
}

interface DesktopMenuProps {
  settings: Settings;
  role: string;
  collapsed: boolean;
  width: number;
}

/** The left menu in the style the settings choose; none when the menu is on top or turned off. */
function DesktopMenu({ settings, role, collapsed, width }: DesktopMenuProps) {
  if (settings.layoutMenu === 'noMenu' || settings.menuLayoutType !== 'left') return null;
  if (settings.layoutMenu === 'flyout')
    return <FlyoutMenu role={role} width={collapsed ? MENU_WIDTH.collapsed * 2 : 160} />;
  return (
    <Sidebar role={role} collapsed={collapsed} width={width} simple={settings.layoutMenu === 'simply'} />
  );
}
