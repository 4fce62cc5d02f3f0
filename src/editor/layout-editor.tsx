import { Box, Button, Grid, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  type ChangeEvent,
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiFailure } from '../api/api-failure';
import { groupByOwner } from '../engine/render/issue-owner';
import { LayoutView, type ReportFrame } from '../engine/render/layout-view';
import { PROP_HELP_NAMESPACE } from '../i18n/i18n';
import { useMedia } from '../ui/use-media';
import { deepEqual } from './document/apply-patch';
import { layoutNodeOf } from './document/layout-nodes';
import { type Clash, mergeDocuments } from './document/merge-documents';
import { exportDocument, importDocument } from './document-file';
import { DraftNotice } from './draft-notice';
import { EditedDocumentProvider } from './edited-document';
import { EditorCommandsProvider } from './editor-context';
import { EditorSidePanel } from './editor-side-panel';
import { documentText } from './editor-state';
import { type EditorMode, EditorToolbar } from './editor-toolbar';
import { ConflictView } from './history/conflict-view';
import { type ConflictingRevision, conflictOf } from './history/save-conflict';
import { IssueList } from './issue-list';
import { pageSchema } from './palette/widget-catalogue';
import { WIDGET_WORDS_NAMESPACE } from './palette/widget-words';
import { PANEL_DRAWER_QUERY, PanelDrawer } from './panel-drawer';
import { RevisionReader } from './revision-reader';
import { SaveActions } from './save-actions';
import { SaveDialog } from './save-dialog';
import { useDocumentIssues } from './use-document-issues';
import { useDraftFound, useDraftKeeping } from './use-draft';
import { migrated, type SavedPage, useEditorSession } from './use-editor-session';
import { useLeaveGuard } from './use-leave-guard';
import type { Breakpoint } from './visual/grid-placement';
import { VisualCanvas } from './visual/visual-canvas';

const CodePane = lazy(async () => ({ default: (await import('./code/code-pane')).CodePane }));

/** How a page is saved: the document over the revision it started from, with a message for the history. */
export type SavePage = (request: {
  document: unknown;
  baseRevision: number;
  message: string | undefined;
}) => Promise<SavedPage>;

export interface LayoutEditorProps {
  /** Where the unsaved draft is kept on this device: one page of one organisation, or the playground. */
  draftScope: string;
  /** The page as saved. */
  saved: SavedPage;
  /** Saves the page; left out, nothing is saved (the playground). */
  save?: SavePage;
  /** A stored page's id, for its history. */
  pageId?: number;
  /** Where Done goes: the page itself. */
  viewPath?: string;
  /** A report's period and scope: its widgets show them while it is edited, as they will print. */
  report?: ReportFrame;
}

/**
 * The words of the side panel's forms and history, fetched as the editor opens (while it shows its own
 * placeholder), not at the first click on a card: a namespace fetched then suspended the whole page, hid it for
 * a moment and took the keyboard off the card just clicked, so its arrows, Delete and Ctrl+D did nothing.
 */
const PANEL_NAMESPACES = [
  'editor',
  'editor-props',
  'editor-history',
  PROP_HELP_NAMESPACE,
  WIDGET_WORDS_NAMESPACE,
];

/**
 * The layout editor: one document edited visually (a grid of real cards, a palette, forms generated from each
 * widget's schema) or as JSON (CodeMirror with completion and the validator's issues), with one undo history
 * across both, a draft kept on this device, and saving as a revision with the conflict view when someone saved first.
 */
export function LayoutEditor({
  draftScope,
  saved: savedAtOpen,
  save,
  pageId,
  viewPath,
  report,
}: LayoutEditorProps) {
  const { t } = useTranslation(PANEL_NAMESPACES);
  const navigate = useNavigate();
  const draft = useDraftFound(draftScope);
  const openedDocument = useMemo(() => migrated(savedAtOpen.document), [savedAtOpen.document]);
  const [saved, setSaved] = useState<SavedPage>({ document: openedDocument, revision: savedAtOpen.revision });
  const [baseRevision, setBaseRevision] = useState(draft?.baseRevision ?? savedAtOpen.revision);
  const [draftShown, setDraftShown] = useState(
    draft !== undefined && !deepEqual(draft.document, openedDocument),
  );
  const [announcement, setAnnouncement] = useState('');
  const session = useEditorSession(draftShown && draft ? draft.document : openedDocument, setAnnouncement);
  const { state, dispatch, document } = session;
  const [mode, setMode] = useState<EditorMode>('visual');
  const [breakpoint, setBreakpoint] = useState<Breakpoint>(initialBreakpoint);
  const [saveOpen, setSaveOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const [conflict, setConflict] = useState<{
    theirs: ConflictingRevision;
    message: string | undefined;
    clashes: Clash[];
  }>();
  const [fileError, setFileError] = useState<string>();
  const [reading, setReading] = useState<{ revision: number; document: unknown }>();
  const panelIsDrawer = useMedia(PANEL_DRAWER_QUERY);
  // Beside the canvas it starts open; as a drawer over a narrow screen's canvas, closed until a card is chosen.
  const [panelShown, setPanelShown] = useState(!panelIsDrawer);
  useEffect(() => {
    if (panelIsDrawer && state.selected !== undefined) setPanelShown(true);
  }, [panelIsDrawer, state.selected]);
  const { issues, checked } = useDocumentIssues(document, state.codeText);
  // The document as text for code mode; in visual mode no edit pays for writing out the whole page.
  const codeText = useMemo(
    () => (mode === 'code' ? (state.codeText ?? documentText(document)) : ''),
    [mode, state.codeText, document],
  );
  // The preview beside the code follows when React has time: a keystroke's diagnostics come first, and a
  // 200-card page drawn again on every keystroke would hold them up. In visual mode there is no preview, and
  // a deferred document would only draw the whole editor a second time after each edit.
  const previewDocument = useDeferredValue(mode === 'code' ? document : undefined);
  // Undefined for the moment after switching to code mode, until the deferred document arrives.
  const previewSource = useMemo(
    () => (previewDocument === undefined ? undefined : { document: previewDocument }),
    [previewDocument],
  );
  const issuesByNode = useMemo(() => groupByOwner([...issues]), [issues]);
  const unsaved = !deepEqual(document, saved.document) || (state.codeText !== undefined && issues.length > 0);
  const { refused: draftRefused } = useDraftKeeping(draftScope, document, saved.document, baseRevision);

  const confirmLeave = useCallback(
    (href: string) => {
      if (window.confirm(t('leave.confirm'))) navigate(href);
    },
    [navigate, t],
  );
  useLeaveGuard(save !== undefined && unsaved, confirmLeave);

  const undo = useCallback(() => dispatch({ type: 'undo' }), [dispatch]);
  const redo = useCallback(() => dispatch({ type: 'redo' }), [dispatch]);
  useUndoKeys(undo, redo);

  const select = useCallback(
    (pointer: string) => dispatch({ type: 'select', pointer: layoutNodeOf(pointer) || undefined }),
    [dispatch],
  );

  /**
   * Saves over revision `over`. When someone saved first, their changes and
   * these are merged from the revision both started from: changes to
   * different places are saved together without a question (and the merged
   * page shown); a place both changed their own way opens the conflict view.
   */
  const runSave = async (
    message: string | undefined,
    over: number | null,
    toSave: { document: unknown; base: unknown; mergedWith?: ConflictingRevision } = {
      document,
      base: saved.document,
    },
  ) => {
    if (!save || over === null) return;
    setSaving(true);
    setSaveError(undefined);
    try {
      const stored = await save({ document: toSave.document, baseRevision: over, message });
      setSaved(stored);
      setBaseRevision(stored.revision);
      setSaveOpen(false);
      setConflict(undefined);
      setDraftShown(false);
      const done = t('save.done', { revision: stored.revision });
      const { mergedWith } = toSave;
      setAnnouncement(
        mergedWith
          ? `${t('save.merged', { name: mergedWith.author ?? '', revision: mergedWith.revision })} ${done}`
          : done,
      );
    } catch (error) {
      const theirs = conflictOf(error);
      if (!theirs) {
        setSaveError(error instanceof ApiFailure ? error.message : t('save.failed'));
        return;
      }
      setSaveOpen(false);
      const merge = mergeDocuments(toSave.base, toSave.document, theirs.document);
      if (merge.clashes.length > 0) {
        setConflict({ theirs, message, clashes: merge.clashes });
        return;
      }
      dispatch({ type: 'replace', document: merge.merged, keepHistory: true });
      await runSave(message, theirs.revision, {
        document: merge.merged,
        base: theirs.document,
        mergedWith: theirs,
      });
    } finally {
      setSaving(false);
    }
  };

  const takeTheirs = (theirs: ConflictingRevision) => {
    dispatch({ type: 'replace', document: theirs.document, keepHistory: true });
    setSaved({ document: theirs.document, revision: theirs.revision });
    setBaseRevision(theirs.revision);
    setConflict(undefined);
  };

  const mergeByHand = (theirs: ConflictingRevision) => {
    // The next save goes over their revision; what to keep of it is for the person to write in code mode.
    setSaved({ document: theirs.document, revision: theirs.revision });
    setBaseRevision(theirs.revision);
    setConflict(undefined);
    setMode('code');
  };

  const discardDraft = () => {
    dispatch({ type: 'replace', document: saved.document, keepHistory: false });
    setBaseRevision(saved.revision);
    setDraftShown(false);
  };

  const onImport = useCallback(
    async (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      event.target.value = '';
      if (!file) return;
      const result = await importDocument(file);
      if (!result.ok) {
        setFileError(t(`files.${result.reason}`, { name: file.name, detail: result.detail }));
        return;
      }
      setFileError(undefined);
      dispatch({ type: 'replace', document: migrated(result.document), keepHistory: true });
      setAnnouncement(t('files.imported', { name: file.name }));
    },
    [dispatch, t],
  );

  const openRevision = useCallback(
    (revision: number, opened: unknown) => setReading({ revision, document: opened }),
    [],
  );
  const restored = useCallback(
    (revision: number, document: unknown) => {
      setReading(undefined);
      dispatch({ type: 'replace', document, keepHistory: true });
      setSaved({ document, revision });
      setBaseRevision(revision);
    },
    [dispatch],
  );

  const blocked = issues.length > 0 || !checked;
  // The bar's two groups are made again only when what they show changes: the toolbar is memoised, and a
  // keystroke in a prop's field would otherwise draw it again each time.
  const unsavedNow = useRef(unsaved);
  unsavedNow.current = unsaved;
  const leave = useCallback(
    () => viewPath && (unsavedNow.current ? confirmLeave(viewPath) : navigate(viewPath)),
    [viewPath, confirmLeave, navigate],
  );
  const openSave = useCallback(() => setSaveOpen(true), []);
  const saveActions = useMemo(
    () =>
      save ? (
        <SaveActions
          onDone={viewPath ? leave : undefined}
          onSave={openSave}
          disabled={blocked || !unsaved}
          blocked={blocked}
        />
      ) : undefined,
    [save, viewPath, leave, openSave, blocked, unsaved],
  );

  const latestDocument = useRef(document);
  latestDocument.current = document;
  const tools = useMemo(
    () => (
      <HStack gap="2">
        {mode === 'visual' ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setPanelShown((shown) => !shown)}
            aria-pressed={!panelShown}
          >
            {panelShown ? t('toolbar.hidePanel') : t('toolbar.showPanel')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={() => exportDocument(latestDocument.current)}>
          {t('files.export')}
        </Button>
        <Button asChild size="sm" variant="ghost">
          <label>
            {t('files.import')}
            <input
              type="file"
              accept=".json,application/json"
              hidden
              onChange={onImport}
              data-testid="import-file"
            />
          </label>
        </Button>
      </HStack>
    ),
    [mode, panelShown, onImport, t],
  );

  // Around the panel alone: React looks for readers of a new value in every part below its provider, and below
  // the canvas's 200 cards that would cost each edit.
  const sidePanel = (
    <EditedDocumentProvider document={document} selected={state.selected} issues={issues}>
      {/* Whatever the panel still has to fetch waits in the panel, not in place of the whole page. */}
      <Suspense fallback={<Box minH="24" aria-busy="true" />}>
        <EditorSidePanel
          pageId={pageId}
          revision={saved.revision}
          selectedPointer={state.selected}
          onOpen={openRevision}
          onRestored={restored}
        />
      </Suspense>
    </EditedDocumentProvider>
  );

  return (
    <EditorCommandsProvider commands={session.commands}>
      <Stack gap="3" data-testid="layout-editor" data-mode={mode}>
        <EditorToolbar
          mode={mode}
          onMode={setMode}
          breakpoint={breakpoint}
          onBreakpoint={setBreakpoint}
          canUndo={session.canUndo}
          canRedo={session.canRedo}
          onUndo={undo}
          onRedo={redo}
          unsaved={save ? unsaved : undefined}
          issueCount={issues.length}
          actions={saveActions}
          tools={tools}
        />
        {draftShown && draft ? <DraftNotice savedAt={draft.updatedAt} onDiscard={discardDraft} /> : null}
        {draftRefused ? (
          <Text color="fg.warning" fontSize="sm">
            {t('draft.refused')}
          </Text>
        ) : null}
        {fileError ? (
          <Text color="fg.error" role="alert" fontSize="sm">
            {fileError}
          </Text>
        ) : null}
        <IssueList issues={issues} onSelect={select} />
        {conflict ? (
          <ConflictView
            mine={document}
            theirs={conflict.theirs}
            clashes={conflict.clashes}
            onKeepMine={() =>
              runSave(conflict.message, conflict.theirs.revision, {
                document,
                base: conflict.theirs.document,
              })
            }
            onTakeTheirs={() => takeTheirs(conflict.theirs)}
            onMergeByHand={() => mergeByHand(conflict.theirs)}
          />
        ) : null}
        {reading ? (
          <RevisionReader revision={reading.revision} onClose={() => setReading(undefined)} />
        ) : null}
        {mode === 'visual' ? (
          <Grid
            templateColumns={{
              base: '1fr',
              lg: panelShown && !panelIsDrawer ? 'minmax(0, 1fr) 360px' : '1fr',
            }}
            gap="4"
            alignItems="start"
          >
            {reading ? (
              <LayoutView
                source={{ document: reading.document }}
                origin={t('reader.origin', { revision: reading.revision })}
                report={report}
              />
            ) : (
              <VisualCanvas
                document={document}
                breakpoint={breakpoint}
                selected={state.selected}
                issuesByNode={issuesByNode}
                report={report}
              />
            )}
            {panelShown && !panelIsDrawer ? sidePanel : null}
          </Grid>
        ) : (
          <Grid
            templateColumns={{ base: '1fr', xl: 'minmax(0, 5fr) minmax(0, 6fr)' }}
            gap="4"
            alignItems="start"
          >
            <Box
              h={{ base: '70vh', xl: 'calc(100vh - 12rem)' }}
              minH="24rem"
              position={{ xl: 'sticky' }}
              top="4"
            >
              <Suspense fallback={<Box h="full" aria-busy="true" />}>
                <CodePane
                  text={codeText}
                  onTextChange={(text) => dispatch({ type: 'type', text, at: Date.now() })}
                  issues={issues}
                  selectedPointer={state.selected}
                  onSelectPointer={(pointer) => dispatch({ type: 'select', pointer: pointer || undefined })}
                  onUndo={undo}
                  onRedo={redo}
                  schema={pageSchema}
                />
              </Suspense>
            </Box>
            <Box
              data-testid="editor-preview"
              minW="0"
              // A row out of view is not laid out or painted: the issue list that a keystroke opens or closes
              // above moves the whole preview, and repainting all of a 200-card page held up the diagnostic
              // by some 25 ms (npm run bench:editor).
              css={{ '& [data-row]': { contentVisibility: 'auto', containIntrinsicSize: 'auto 320px' } }}
            >
              {previewSource ? <Preview source={previewSource} origin={t('preview.origin')} /> : null}
            </Box>
          </Grid>
        )}
        {mode === 'visual' && panelIsDrawer ? (
          <PanelDrawer open={panelShown} onOpenChange={setPanelShown}>
            {sidePanel}
          </PanelDrawer>
        ) : null}
        {saveOpen ? (
          <SaveDialog
            open
            onClose={() => setSaveOpen(false)}
            onSave={(message) => runSave(message, baseRevision)}
            saving={saving}
            error={saveError}
            withMessage={pageId !== undefined}
          />
        ) : null}
        <Announcer text={announcement} />
      </Stack>
    </EditorCommandsProvider>
  );
}

/**
 * The page beside the code, drawn from the deferred document: memoised, so the keystroke's own render passes it
 * by and only the deferred one, which React may interrupt, draws the page again.
 */
const Preview = memo(function Preview({ source, origin }: { source: { document: unknown }; origin: string }) {
  return <LayoutView source={source} origin={origin} />;
});

/** What the editor says to screen readers: memoised, as an edit seldom says anything. */
const Announcer = memo(function Announcer({ text }: { text: string }) {
  return (
    <VisuallyHidden aria-live="polite" data-testid="editor-announcer">
      {text}
    </VisuallyHidden>
  );
});

/** The breakpoint of the window the editor opens in, so what is placed first is what this screen shows. */
function initialBreakpoint(): Breakpoint {
  const width = window.innerWidth;
  if (width >= 1280) return 'xl';
  if (width >= 1024) return 'lg';
  if (width >= 768) return 'md';
  if (width >= 480) return 'sm';
  return 'base';
}

/** Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) anywhere in the editor; code mode's editor handles its own and says so. */
function useUndoKeys(undo: () => void, redo: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [undo, redo]);
}
