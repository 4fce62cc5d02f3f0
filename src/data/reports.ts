import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type {
  ReportDataRequest,
  ReportGetResponse,
  ReportRun,
  ReportUpdateRequest,
} from '../generated/api-types';
import { DATA_KEY } from './query-client';

/** Reports and their runs change together: a run made or a report written asks both again. */
const REPORTS_KEY = [DATA_KEY, 'reports'] as const;

/** How often a list with a run in progress is asked again, so its progress bar moves. */
export const RUN_PROGRESS_MS = 1000;

const inProgress = (run: ReportRun | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** The organisation's reports, each with its latest run. */
export function reportsQuery() {
  return queryOptions({ queryKey: [...REPORTS_KEY, 'list'] as const, queryFn: () => api.reportsData({}) });
}

/** One report with its document and latest runs. */
export function reportQuery(id: number) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'report', id] as const,
    queryFn: () => api.report({ id }),
  });
}

/** The reports, asked again every second while one of their runs is being made. */
export function useReports() {
  return useQuery({
    ...reportsQuery(),
    refetchInterval: (query) =>
      query.state.data?.reports.some((report) => inProgress(report.lastRun)) ? RUN_PROGRESS_MS : false,
  });
}

/** A report, asked again every second while one of its runs is being made. */
export function useReport(id: number) {
  return useQuery({
    ...reportQuery(id),
    refetchInterval: (query) => (query.state.data?.runs.some(inProgress) ? RUN_PROGRESS_MS : false),
  });
}

/** Asks every report and run shown again, after a write that changes them (here, or the holidays' next runs). */
export function reportsChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: REPORTS_KEY });
}

/** A write about reports, after which every report and run shown is asked again. */
function useReportsMutation<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => reportsChanged(client) });
}

export function useCreateReport() {
  return useReportsMutation(api.reportCreate);
}

/** Changes a report as a whole over the revision it started from (a 409 carries the current one). */
export function useUpdateReport() {
  return useReportsMutation(api.reportUpdate);
}

/**
 * Deletes a report. Once it is gone it leaves the list at once, and only the
 * list is asked again: its own query, asked while the page still shows it
 * going, would be answered 404. Unwatched, that query is dropped in time.
 */
export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.reportDelete,
    onSuccess: async (_answer, { id }) => {
      client.setQueryData(reportsQuery().queryKey, (list) =>
        list ? { ...list, reports: list.reports.filter((report) => report.id !== id) } : list,
      );
      await client.invalidateQueries({ queryKey: reportsQuery().queryKey });
    },
  });
}

/** Makes a report now (or joins the run already waiting). */
export function useRunReport() {
  return useReportsMutation(api.pdfGenerate);
}

/** A short-lived link to a run's PDF, asked for when someone opens it: links expire, so none is cached. */
export function useOpenPdf() {
  return useMutation({ mutationFn: (runId: number) => api.getPdf({ runId }) });
}

/**
 * Makes the file of the data behind a run (CSV or XLSX) and answers where it
 * is: a mutation for its pending, failed and done states, as each press
 * makes a new file from the readings as they are.
 */
export function useReportData() {
  return useMutation({ mutationFn: (request: ReportDataRequest) => api.reportData(request) });
}

/** The request changing a report, without its document and revision: as a report's settings were read. */
type ReportSettings = Omit<ReportUpdateRequest, 'document' | 'baseRevision'>;

/** What a change of a report sends besides what it changes: its settings as they were read, members by their id. */
export function settingsOf({ report }: ReportGetResponse): ReportSettings {
  return {
    id: report.id,
    title: report.title,
    scope: report.scope,
    period: report.period,
    timeZone: report.timeZone,
    paper: report.paper,
    schedule: report.schedule,
    attachPdf: report.attachPdf,
    recipients: report.recipients.map((recipient) =>
      recipient.kind === 'member'
        ? { kind: 'member', userId: recipient.userId, locale: recipient.locale }
        : recipient,
    ),
  };
}
