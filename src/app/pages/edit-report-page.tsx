import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useCan } from '../../auth/use-can';
import { settingsOf, useReport, useUpdateReport } from '../../data/reports';
import { LayoutEditor, type SavePage } from '../../editor/layout-editor';
import type { ReportGetResponse } from '../../generated/api-types';
import { sessionAtom } from '../../session/session-atoms';
import { usePageTitle } from '../../shell/page-title';
import { useAddressName } from '../../ui/address-names';
import { DataState, fromQuery } from '../../ui/data-state';
import { reportFrameOf } from './report-frame';
import { ViewOnlyNotice } from './view-only-notice';

/** Where the reports are listed, and where the editor's Done goes. */
const REPORTS_PATH = '/reports/all';

/**
 * /reports/:reportId/edit: the layout editor that dashboards use, on a
 * report's layout, for editors and up. A save keeps the report's scope,
 * period, schedule and recipients as they are, over the revision it started from.
 */
export function EditReportPage() {
  const reportId = Number(useParams().reportId);
  const { t } = useTranslation();
  const canEdit = useCan('reportUpdate');
  const state = fromQuery(useReport(reportId));
  const title = state.status === 'loaded' ? state.data.report.title : undefined;
  usePageTitle(title === undefined ? undefined : t('editor.pageTitle', { title }));
  useAddressName(`/reports/${reportId}`, title);

  if (!canEdit) return <ViewOnlyNotice backTo={REPORTS_PATH} backLabel={t('editor.backToReports')} />;
  return (
    <DataState state={state} what={t('editor.thisReport')}>
      {(opened) => <ReportLayoutEditor opened={opened} />}
    </DataState>
  );
}

function ReportLayoutEditor({ opened }: { opened: ReportGetResponse }) {
  const session = useAtomValue(sessionAtom);
  const organisationId = session.status === 'authorised' ? session.user.organisationId : 'none';
  const { report } = opened;
  const { mutateAsync: update } = useUpdateReport();
  // Its widgets show the report's period as of now and its scope, as its preview does.
  const frame = useMemo(() => reportFrameOf(report), [report]);
  const save = useCallback<SavePage>(
    async ({ document, baseRevision }) => {
      const saved = await update({ ...settingsOf(opened), document: document as never, baseRevision });
      return { document: saved.document, revision: saved.report.revision };
    },
    [opened, update],
  );
  return (
    <LayoutEditor
      key={report.id}
      draftScope={`report:${organisationId}:${report.id}`}
      saved={{ document: opened.document, revision: report.revision }}
      save={save}
      viewPath={REPORTS_PATH}
      report={frame}
    />
  );
}
