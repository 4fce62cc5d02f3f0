import { Box, Tabs } from '@chakra-ui/react';
import { memo, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditedDocument } from './edited-document';
import { RevisionHistory, type StoredDocument } from './history/revision-history';
import { Inspector } from './inspector/inspector';
import { PageFields } from './inspector/page-fields';
import { WidgetPalette } from './palette/widget-palette';

interface EditorSidePanelProps {
  /** A stored page has a history; the playground has none. */
  pageId?: number;
  revision: number | null;
  /** The selected node: selecting another shows its settings. */
  selectedPointer: string | undefined;
  onRestored(revision: number, document: StoredDocument): void;
  /** Shows a revision to read, in place of the canvas. */
  onOpen(revision: number, document: StoredDocument): void;
}

type Tab = 'widgets' | 'selected' | 'page' | 'history';

/**
 * Beside the canvas: the palette, the selected node's settings, the page's own, and the page's history.
 * Memoised: its panels read the edited document themselves, so an edit draws the open panel and not the tabs.
 */
export const EditorSidePanel = memo(function EditorSidePanel(props: EditorSidePanelProps) {
  const { pageId, revision, selectedPointer, onRestored, onOpen } = props;
  const { t } = useTranslation('editor');
  const panels: Record<Tab, ReactNode> = {
    widgets: <PalettePanel />,
    selected: <SelectedPanel />,
    page: <PagePanel />,
    history:
      pageId !== undefined && revision !== null ? (
        <RevisionHistory
          pageId={pageId}
          currentRevision={revision}
          onOpen={(opened, document) => onOpen(opened.revision, document)}
          onRestored={onRestored}
        />
      ) : null,
  };
  const [tab, setTab] = useState<Tab>(selectedPointer ? 'selected' : 'widgets');
  // Selecting a card (or adding one) shows its settings; the person can still go back to the palette.
  useEffect(() => {
    if (selectedPointer) setTab('selected');
  }, [selectedPointer]);
  return (
    <Box
      position={{ lg: 'sticky' }}
      top="4"
      maxH={{ lg: 'calc(100vh - 6rem)' }}
      overflowY="auto"
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      data-testid="editor-side-panel"
    >
      <Tabs.Root value={tab} onValueChange={({ value }) => setTab(value as Tab)} size="sm" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="widgets">{t('panel.widgets')}</Tabs.Trigger>
          <Tabs.Trigger value="selected">{t('panel.selected')}</Tabs.Trigger>
          <Tabs.Trigger value="page">{t('panel.page')}</Tabs.Trigger>
          {pageId !== undefined ? <Tabs.Trigger value="history">{t('panel.history')}</Tabs.Trigger> : null}
        </Tabs.List>
        {/* One panel, the chosen tab's: Ark keeps a panel it is hiding until its exit animation ends, which
            Chakra's tab panels never start, so two panels would show at once. */}
        <Tabs.Content value={tab}>{panels[tab]}</Tabs.Content>
      </Tabs.Root>
    </Box>
  );
});

function PalettePanel() {
  return <WidgetPalette selected={useEditedDocument().selected} />;
}

function SelectedPanel() {
  const { document, selected, issues } = useEditedDocument();
  return <Inspector document={document} selected={selected} issues={issues} />;
}

function PagePanel() {
  const { document, issues } = useEditedDocument();
  return <PageFields document={document} issues={issues} />;
}
