import { boundsOf } from '../../src/reports/report-period';
import type { Database } from '../db/database';
import type { MailAttachment, Mailer } from '../mail/mailer';
import type { ObjectStorage } from '../storage/object-storage';
import { issuePdfLink, runFileStem } from './pdf-links';
import { reportMail } from './report-mail';
import { addressesFor } from './report-recipients';

/** How long the link in a report's mail works: a week's holiday, not a forwarded link that lives for ever. */
export const MAILED_LINK_DAYS = 7;

/** The largest PDF a mail carries: many mail servers refuse more; a larger one goes as its link alone. */
export const MOST_ATTACHED_BYTES = 10 * 1024 * 1024;

/** What mailing a run needs besides the database: the mail, the product's address, and the PDFs' storage. */
export interface ReportMailing {
  mailer: Mailer;
  publicUrl: string;
  storage: ObjectStorage;
}

/**
 * Mails each scheduled run that is printed and not yet mailed to its
 * report's recipients in the run's language: a link to its PDF, working for
 * MAILED_LINK_DAYS. Each run is claimed FOR UPDATE SKIP LOCKED and marked
 * mailed in the transaction its mail goes into the outbox in, so however
 * many processes run this, and across a restart, each recipient gets it
 * once. A run that failed is mailed nothing: its history says why.
 */
export async function mailPrintedRuns(
  db: Database,
  { mailer, publicUrl, storage }: ReportMailing,
  now = new Date(),
): Promise<{ runs: number; mails: number }> {
  let runs = 0;
  let mails = 0;
  for (;;) {
    const mailed = await db.transaction().execute(async (trx) => {
      const run = await trx
        .selectFrom('report_runs')
        .select(['id', 'report_id', 'organisation_id', 'locale', 'period_from', 'period_to', 'pdf_key'])
        .where('status', '=', 'done')
        .where('scheduled_for', 'is not', null)
        .where('mailed_at', 'is', null)
        .orderBy('finished_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!run) return undefined;
      const report = await trx
        .selectFrom('reports')
        .select(['title', 'time_zone', 'attach_pdf'])
        .where('id', '=', run.report_id)
        .executeTakeFirstOrThrow();
      const addresses = await addressesFor(trx, {
        reportId: run.report_id,
        organisationId: run.organisation_id,
        locale: run.locale,
      });
      if (addresses.length > 0) {
        const link = await issuePdfLink(
          trx,
          { organisationId: run.organisation_id, runId: run.id },
          MAILED_LINK_DAYS * 24 * 3600,
          now,
        );
        const { firstDate, lastDate } = boundsOf(
          run.period_from.getTime(),
          run.period_to.getTime(),
          report.time_zone,
        );
        const attachment = report.attach_pdf
          ? await attachedPdf(
              storage,
              run.pdf_key,
              `${runFileStem(report.title, run.period_from, run.period_to, report.time_zone)}.pdf`,
            )
          : undefined;
        const mail = reportMail(run.locale, {
          title: report.title,
          firstDate,
          lastDate,
          pdfUrl: `${publicUrl}${link.path}`,
          linkDays: MAILED_LINK_DAYS,
          reportsUrl: `${publicUrl}/reports/all`,
          attached: attachment !== undefined,
        });
        const attachments = attachment ? [attachment] : undefined;
        for (const to of addresses) await mailer.send({ to, ...mail, about: 'reports', attachments }, trx);
      }
      await trx.updateTable('report_runs').set({ mailed_at: now }).where('id', '=', run.id).execute();
      return addresses.length;
    });
    if (mailed === undefined) return { runs, mails };
    runs += 1;
    mails += mailed;
  }
}

/** The run's PDF to attach, unless it is gone from storage or too large for a mail (then the link alone goes). */
async function attachedPdf(
  storage: ObjectStorage,
  key: string | null,
  filename: string,
): Promise<MailAttachment | undefined> {
  const content = key ? await storage.get(key) : undefined;
  if (!content || content.length > MOST_ATTACHED_BYTES) return undefined;
  return { filename, contentType: 'application/pdf', content };
}
