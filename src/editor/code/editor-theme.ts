import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/** A Chakra colour token as the CSS variable the theme defines, so it follows the light and dark themes. */
function token(name: string): string {
  return `var(--chakra-colors-${name.replaceAll('.', '-')})`;
}

/**
 * The editor's look, from the app's tokens. Chakra's semantic tokens change
 * value under the `dark` class, so one set of rules serves both modes; the
 * `dark` flag tells CodeMirror's own base styles (its selection and
 * tooltips) which mode they are in.
 */
function editorLook(dark: boolean): Extension {
  return EditorView.theme(
    {
      '&': {
        color: token('fg'),
        backgroundColor: token('bg.panel'),
        border: `1px solid ${token('border')}`,
        borderRadius: 'var(--chakra-radii-l2)',
        fontSize: 'var(--chakra-font-sizes-sm)',
        height: '100%',
      },
      '&.cm-focused': { outline: `2px solid ${token('brand.focus-ring')}`, outlineOffset: '1px' },
      '.cm-scroller': { fontFamily: 'var(--chakra-fonts-mono)', lineHeight: '1.5' },
      '.cm-content': { caretColor: token('fg') },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: token('fg') },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': {
        backgroundColor: token('brand.emphasized'),
      },
      '.cm-gutters': {
        backgroundColor: token('bg.subtle'),
        color: token('fg.muted'),
        borderRight: `1px solid ${token('border')}`,
      },
      '.cm-activeLine': { backgroundColor: 'transparent' },
      '.cm-activeLineGutter': { backgroundColor: token('bg.muted'), color: token('fg') },
      '&.cm-focused .cm-matchingBracket': { backgroundColor: token('brand.muted'), outline: 'none' },
      '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: token('bg.error') },
      '.cm-tooltip': {
        backgroundColor: token('bg.panel'),
        color: token('fg'),
        border: `1px solid ${token('border')}`,
        borderRadius: 'var(--chakra-radii-l2)',
        boxShadow: 'var(--chakra-shadows-md)',
      },
      '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
        backgroundColor: token('brand.solid'),
        color: token('brand.contrast'),
      },
      '.cm-completionInfo': { maxWidth: '28rem', padding: '0.5rem 0.75rem' },
      '.cm-schema-hover': { maxWidth: '28rem', padding: '0.5rem 0.75rem' },
      '.cm-schema-hover p': { margin: 0 },
      '.cm-schema-hover-type': { color: token('fg.muted'), fontFamily: 'var(--chakra-fonts-mono)' },
      '.cm-diagnostic-error': { borderLeftColor: token('fg.error') },
      '.cm-lintRange-error': {
        backgroundImage: 'none',
        textDecoration: `underline wavy ${token('fg.error')}`,
        textDecorationSkipInk: 'none',
      },
    },
    { dark },
  );
}

/** JSON's tokens in the app's palette; each `<colour>.fg` token stays readable on both backgrounds. */
const jsonHighlight = HighlightStyle.define([
  { tag: tags.propertyName, color: token('blue.fg') },
  { tag: tags.string, color: token('green.fg') },
  { tag: tags.number, color: token('orange.fg') },
  { tag: [tags.bool, tags.null], color: token('purple.fg') },
  { tag: [tags.separator, tags.brace, tags.squareBracket, tags.punctuation], color: token('fg.muted') },
  { tag: tags.invalid, color: token('fg.error') },
]);

/** The light or the dark look of the editor. */
export function editorTheme(dark: boolean): Extension {
  return [editorLook(dark), syntaxHighlighting(jsonHighlight)];
}
