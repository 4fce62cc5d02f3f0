import { Badge, Button, ButtonGroup, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS, type Breakpoint } from './visual/grid-placement';

export type EditorMode = 'visual' | 'code';

interface EditorToolbarProps {
  mode: EditorMode;
  onMode(mode: EditorMode): void;
  breakpoint: Breakpoint;
  onBreakpoint(breakpoint: Breakpoint): void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
  /** Whether there are changes not saved; undefined where nothing is saved (the playground). */
  unsaved: boolean | undefined;
  issueCount: number;
  /** Save and Done, or nothing where pages are not saved. */
  actions?: ReactNode;
  /** Import, export, and showing the side panel. */
  tools: ReactNode;
}

/**
 * The editor's bar: the two modes, undo and redo, the breakpoint being placed, the state of the page, and saving.
 * Memoised, and so are its two sides: a keystroke in a prop's field changes none of the editing controls, and
 * the first keystroke after a save changes only the page's state.
 */
export const EditorToolbar = memo(function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation('editor');
  const { unsaved, issueCount, actions, ...controls } = props;
  return (
    <HStack
      wrap="wrap"
      gap="3"
      justify="space-between"
      role="toolbar"
      aria-label={t('toolbar.label')}
      data-testid="editor-toolbar"
    >
      <EditingControls {...controls} />
      <PageState unsaved={unsaved} issueCount={issueCount} actions={actions} />
    </HStack>
  );
});

type EditingControlsProps = Omit<EditorToolbarProps, 'unsaved' | 'issueCount' | 'actions'>;

const EditingControls = memo(function EditingControls(props: EditingControlsProps) {
  const { t } = useTranslation('editor');
  const { mode, onMode, breakpoint, onBreakpoint, canUndo, canRedo, onUndo, onRedo, tools } = props;
  return (
    <HStack wrap="wrap" gap="2">
      <ButtonGroup size="sm" variant="outline" attached role="radiogroup" aria-label={t('toolbar.mode')}>
        {(['visual', 'code'] as const).map((option) => (
          <Button
            key={option}
            role="radio"
            aria-checked={mode === option}
            variant={mode === option ? 'solid' : 'outline'}
            onClick={() => onMode(option)}
          >
            {t(`toolbar.${option}`)}
          </Button>
        ))}
      </ButtonGroup>
      <ButtonGroup size="sm" variant="outline" attached>
        <Button
          onClick={onUndo}
          disabled={!canUndo}
          aria-keyshortcuts="Control+Z"
          title={t('toolbar.undoKeys')}
        >
          {t('toolbar.undo')}
        </Button>
        <Button
          onClick={onRedo}
          disabled={!canRedo}
          aria-keyshortcuts="Control+Shift+Z"
          title={t('toolbar.redoKeys')}
        >
          {t('toolbar.redo')}
        </Button>
      </ButtonGroup>
      {mode === 'visual' ? (
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={t('toolbar.breakpoint')}
            value={breakpoint}
            onChange={(event) => onBreakpoint(event.target.value as Breakpoint)}
          >
            {BREAKPOINTS.map((point) => (
              <option key={point} value={point}>
                {t(`breakpoint.${point}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : null}
      {tools}
    </HStack>
  );
});

type PageStateProps = Pick<EditorToolbarProps, 'unsaved' | 'issueCount' | 'actions'>;

/** Issues, saved or not, and the save actions. */
const PageState = memo(function PageState({ unsaved, issueCount, actions }: PageStateProps) {
  const { t } = useTranslation('editor');
  return (
    <HStack gap="3">
      {issueCount > 0 ? (
        <Badge colorPalette="red" data-testid="issue-count">
          {t('toolbar.issues', { count: issueCount })}
        </Badge>
      ) : null}
      {unsaved === undefined ? null : (
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="save-state">
          {unsaved ? t('toolbar.unsaved') : t('toolbar.saved')}
        </Text>
      )}
      {actions}
    </HStack>
  );
});
