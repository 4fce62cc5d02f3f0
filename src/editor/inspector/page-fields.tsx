import { Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LayoutIssue } from '../../engine/validation/issue';
import { isRecord } from '../document/json-pointer';
import { setField } from '../document/layout-edits';
import { useEditorCommands } from '../editor-context';
import { TextSetting } from './text-setting';

const PERIODS = ['today', '7d', '30d', '90d', 'month', 'year'] as const;

/** The page's own settings: its title and description, and the period its live-data widgets show. */
export function PageFields({ document, issues }: { document: unknown; issues: readonly LayoutIssue[] }) {
  const { t } = useTranslation('editor');
  const { current, dispatch } = useEditorCommands();
  const page = isRecord(document) ? document : {};
  const issuesAt = (pointer: string) =>
    issues.filter((issue) => issue.pointer === pointer).map((issue) => issue.message);
  return (
    <Stack gap="3" data-testid="page-fields">
      <TextSetting
        label={t('page.title')}
        pointer="/title"
        value={page.title}
        maxLength={200}
        issues={issuesAt('/title')}
      />
      <TextSetting
        label={t('page.description')}
        pointer="/description"
        value={page.description}
        optional
        multiline
        maxLength={2000}
        issues={issuesAt('/description')}
      />
      <Field.Root>
        <Field.Label>{t('page.period')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={typeof page.period === 'string' ? page.period : ''}
            onChange={(event) =>
              dispatch({
                type: 'edit',
                patch: setField(current(), '/period', event.target.value || undefined),
                source: 'form',
              })
            }
          >
            <option value="">{t('page.periodOwn')}</option>
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                {t(`page.periods.${period}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>{t('page.periodHelp')}</Field.HelperText>
      </Field.Root>
    </Stack>
  );
}
