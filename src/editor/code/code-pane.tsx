import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { diagnosticCount, setDiagnostics } from '@codemirror/lint';
import { Compartment, type Text as DocumentText, EditorState } from '@codemirror/state';
import { EditorView, type ViewUpdate } from '@codemirror/view';
import type { TFunction } from 'i18next';
import type { Node } from 'jsonc-parser';
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutIssue } from '../../engine/validation/issue';
import { usePropHelp } from '../props/help-text';
import { editorExtensions, followsProps, isTyped } from './editor-extensions';
import type { EditorCommands } from './editor-keymap';
import { editorPhrases } from './editor-phrases';
import { editorTheme } from './editor-theme';
import { formattingChanges } from './format-document';
import { issueDiagnostics } from './issue-diagnostics';
import {
  layoutNodeAt,
  nodeAtPointer,
  type ParsedJson,
  parseJson,
  pointerAtOffsetIn,
} from './pointer-offsets';
import { schemaAssistance } from './schema-assistance';
import { sizeLimit } from './size-limit';
import { textReplacement } from './text-replacement';
import { useDarkMode } from './use-dark-mode';

export interface CodePaneProps {
  /** The document as text. When it changes from outside (undo, a visual edit), the editor shows it. */
  text: string;
  /** Every change typed or pasted, with the whole new text. */
  onTextChange(text: string): void;
  /** Problems to show inline, each at its node. */
  issues: readonly LayoutIssue[];
  /** The selected layout node (pointer); when it changes from outside, the cursor moves to it and scrolls it into view. */
  selectedPointer: string | undefined;
  /** The cursor moved into another layout node (layoutNodeAt of the cursor's pointer). */
  onSelectPointer(pointer: string): void;
  /** Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (and Ctrl+Y): the editor's one history is outside CodeMirror. */
  onUndo(): void;
  onRedo(): void;
  /** page.schema.json, for completion and hover. */
  schema: object;
}

/** How long typing pauses before the node the cursor is in is looked up again. */
const NODE_LOOKUP_PAUSE_MS = 300;

/** Texts typed but not yet come back as `text`: more than this and the props are not following at all. */
const MAX_PENDING_ECHOES = 50;

/**
 * The code mode of the layout editor: the document as JSON in CodeMirror 6,
 * with completion and hover from the page schema, the validator's issues
 * inline, and the cursor kept in step with the selected layout node.
 */
export function CodePane(props: CodePaneProps) {
  const { t } = useTranslation('editor-code');
  const { text, issues, selectedPointer, schema } = props;
  const dark = useDarkMode();
  const helpId = useId();
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView>();
  const [formatRefused, setFormatRefused] = useState(false);
  const [refusedBytes, setRefusedBytes] = useState<number>();
  const latest = useRef(props);
  // Texts sent up that `text` has not caught up with yet, oldest first (see useFollowedText).
  const pendingEchoes = useRef<string[]>([]);
  // The layout node last reported, so moving within it says nothing.
  const reportedNode = useRef<string | undefined>(undefined);
  const compartments = useRef({
    theme: new Compartment(),
    language: new Compartment(),
    schema: new Compartment(),
  });
  // What the editor starts with; the effects below follow later changes.
  const looks = useRef({ dark, t, helpId });

  useLayoutEffect(() => {
    latest.current = props;
    looks.current = { dark, t, helpId };
  });

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const commands = (): EditorCommands => ({
      undo: () => latest.current.onUndo(),
      redo: () => latest.current.onRedo(),
      format: (editor) => {
        const formatted = formatDocument(editor);
        setFormatRefused(!formatted);
        return formatted;
      },
    });
    // The pending look-up of the node the cursor is in, while typing has not paused.
    let nodeLookup: number | undefined;
    const onUpdate = (update: ViewUpdate) => {
      if (!isTyped(update)) return;
      if (update.docChanged) {
        const typed = update.state.doc.toString();
        pendingEchoes.current = [...pendingEchoes.current, typed].slice(-MAX_PENDING_ECHOES);
        setFormatRefused(false);
        setRefusedBytes(undefined);
        latest.current.onTextChange(typed);
        // Typing leaves the cursor in the node it was in, all but always: which node that is is looked up once
        // the typing pauses, not on each keystroke, as finding it parses the whole text (milliseconds on a
        // 200-card page, ahead of the keystroke's diagnostics).
        window.clearTimeout(nodeLookup);
        nodeLookup = window.setTimeout(reportCursorNode, NODE_LOOKUP_PAUSE_MS);
      } else if (update.selectionSet) {
        reportCursorNode();
      }
    };
    const reportCursorNode = () => {
      window.clearTimeout(nodeLookup);
      nodeLookup = undefined;
      const { state } = editor;
      const node = layoutNodeAt(pointerAtOffsetIn(treeOf(state.doc), state.selection.main.head));
      if (node !== reportedNode.current) {
        reportedNode.current = node;
        latest.current.onSelectPointer(node);
      }
    };
    const { theme, language, schema: schemaCompartment } = compartments.current;
    const editor = new EditorView({
      parent,
      state: EditorState.create({
        doc: latest.current.text,
        extensions: [
          editorExtensions(commands, onUpdate),
          sizeLimit(setRefusedBytes),
          theme.of(editorTheme(looks.current.dark)),
          language.of(inLanguage(looks.current.t, looks.current.helpId)),
          schemaCompartment.of(schemaAssistance(latest.current.schema)),
        ],
      }),
    });
    setView(editor);
    return () => {
      // Leaving code mode just after typing: the visual mode opens on the node the cursor was in.
      if (nodeLookup !== undefined) reportCursorNode();
      editor.destroy();
      setView(undefined);
    };
  }, []);

  useFollowedText(view, text, pendingEchoes);

  useEffect(() => {
    if (!view || view.state.doc.toString() !== text) return; // the issues are of a text the view has moved past
    // Without issues nothing is placed in the text: a 200-card page is not parsed for it, and a keystroke
    // that leaves the text without any, as most do, does not update the editor a second time.
    if (issues.length === 0 && diagnosticCount(view.state) === 0) return;
    const diagnostics = issues.length > 0 ? issueDiagnostics(text, issues, parsedOf(view.state.doc)) : [];
    view.dispatch(setDiagnostics(view.state, diagnostics));
  }, [view, text, issues]);

  useEffect(() => {
    if (!view || selectedPointer === undefined) return;
    reportedNode.current = selectedPointer;
    moveCursorTo(view, selectedPointer);
    // Opened on a node, the editor has not been measured yet and cannot scroll: bring the cursor into view
    // once it has ('nearest' leaves a cursor already in view where it is).
    const frame = requestAnimationFrame(() =>
      view.dispatch({
        effects: EditorView.scrollIntoView(view.state.selection.main.head, { y: 'nearest', yMargin: 40 }),
        annotations: followsProps.of(true),
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [view, selectedPointer]);

  useEffect(() => {
    view?.dispatch({ effects: compartments.current.theme.reconfigure(editorTheme(dark)) });
  }, [view, dark]);

  useEffect(() => {
    view?.dispatch({ effects: compartments.current.language.reconfigure(inLanguage(t, helpId)) });
  }, [view, t, helpId]);

  const help = usePropHelp();
  useEffect(() => {
    view?.dispatch({ effects: compartments.current.schema.reconfigure(schemaAssistance(schema, help)) });
  }, [view, schema, help]);

  const format = () => {
    if (!view) return;
    setFormatRefused(!formatDocument(view));
    view.focus();
  };

  return (
    <Stack gap="2" h="full" minH="0">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text id={helpId} fontSize="xs" color="fg.muted">
          {t('help')}
        </Text>
        <HStack gap="3">
          <Text fontSize="xs" color={issues.length > 0 ? 'fg.error' : 'fg.muted'}>
            {issues.length > 0 ? t('problems', { count: issues.length }) : t('noProblems')}
          </Text>
          <Button size="xs" variant="outline" onClick={format} title={t('formatShortcut')}>
            {t('format')}
          </Button>
        </HStack>
      </HStack>
      <Text role="status" fontSize="xs" color="fg.error">
        {formatRefused ? t('formatRefused') : ''}
        {refusedBytes === undefined ? '' : t('tooLarge', { size: (refusedBytes / 1024 / 1024).toFixed(1) })}
      </Text>
      <Box ref={host} flex="1" minH="20rem" overflow="hidden" data-testid="code-pane-editor" />
    </Stack>
  );
}

/**
 * Shows `text` when it changes from outside, and only then. A change typed
 * here comes back as `text` a render later; if the person typed again in
 * between, the text that comes back is older than the view's, and replacing
 * the view's with it would undo their keystroke. Such echoes are recognised
 * by being texts this pane sent, and skipped.
 */
function useFollowedText(
  view: EditorView | undefined,
  text: string,
  pendingEchoes: RefObject<string[]>,
): void {
  useEffect(() => {
    if (!view) return;
    const current = view.state.doc.toString();
    if (text === current) {
      pendingEchoes.current = [];
      return;
    }
    const echo = pendingEchoes.current.indexOf(text);
    if (echo !== -1) {
      pendingEchoes.current = pendingEchoes.current.slice(echo + 1);
      return;
    }
    pendingEchoes.current = [];
    const { from, to, insert, cursor } = textReplacement(current, text, view.state.selection.main.head);
    view.dispatch({
      changes: { from, to, insert },
      ...(cursor === undefined ? {} : { selection: { anchor: cursor } }),
      annotations: followsProps.of(true),
    });
  }, [view, text, pendingEchoes]);
}

/** The editable area's accessible name and the help text that describes it, and CodeMirror's own words, translated. */
function inLanguage(t: TFunction<'editor-code'>, helpId: string) {
  return [
    EditorView.contentAttributes.of({ 'aria-label': t('ariaLabel'), 'aria-describedby': helpId }),
    editorPhrases(t),
  ];
}

/** Pretty-prints the document as a typed change (so it reaches onTextChange); false when it does not parse. */
function formatDocument(view: EditorView): boolean {
  const changes = formattingChanges(view.state.doc.toString());
  if (!changes) return false;
  if (changes.length > 0) view.dispatch({ changes, userEvent: 'format', scrollIntoView: true });
  return true;
}

/** Puts the cursor at the start of a layout node and scrolls to it, unless the cursor is in it already. */
function moveCursorTo(view: EditorView, pointer: string): void {
  const tree = treeOf(view.state.doc);
  if (layoutNodeAt(pointerAtOffsetIn(tree, view.state.selection.main.head)) === pointer) return;
  const node = nodeAtPointer(tree, pointer);
  if (!node) return;
  view.dispatch({
    selection: { anchor: node.offset },
    effects: EditorView.scrollIntoView(node.offset, { y: 'start', yMargin: 40 }),
    annotations: followsProps.of(true),
  });
}

/**
 * Each document parsed once, however many times the cursor moves in it: a
 * keystroke parses its new document once, for the node the cursor is in and
 * for where the issues go.
 */
const parses = new WeakMap<DocumentText, ParsedJson>();

function parsedOf(doc: DocumentText): ParsedJson {
  let parsed = parses.get(doc);
  if (!parsed) {
    parsed = parseJson(doc.toString());
    parses.set(doc, parsed);
  }
  return parsed;
}

function treeOf(doc: DocumentText): Node | undefined {
  return parsedOf(doc).tree;
}
