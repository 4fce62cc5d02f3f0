import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Under the editor's lg breakpoint the canvas takes the width, and the side panel opens over it from below. */
export const PANEL_DRAWER_QUERY = '(max-width: 1023.98px)';

interface PanelDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}

/** The side panel as a drawer from the bottom of a narrow screen, so the canvas is never pushed below it. */
export function PanelDrawer({ open, onOpenChange, children }: PanelDrawerProps) {
  const { t } = useTranslation('editor');
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="bottom">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxH="80vh" roundedTop="lg" data-testid="editor-panel-drawer">
            <Drawer.Header>
              <Drawer.Title>{t('panel.drawerTitle')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb="4">{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('toolbar.hidePanel')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
