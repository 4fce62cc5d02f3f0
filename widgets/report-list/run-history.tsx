import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useReport } from '../../src/data/reports';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { RunLine } from './run-line';

/** A report's latest runs, newest first, each with its status, why it failed, and its PDF once done. */
export function RunHistory({ reportId }: { reportId: number }) {
  const { t } = useTranslation('report-list');
  const state = fromQuery(useReport(reportId));
  return (
    <DataState state={state} what={t('history.what')}>
      {({ runs }) =>
        runs.length === 0 ? (
          <Text fontSize="sm">{t('run.none')}</Text>
        ) : (
          <Stack
            gap="2"
            as="ol"
            listStyleType="none"
            aria-label={t('history.what')}
            paddingStart="3"
            borderStartWidth="2px"
          >
            {runs.map((run) => (
              <li key={run.id}>
                <RunLine run={run} />
              </li>
            ))}
          </Stack>
        )
      }
    </DataState>
  );
}
