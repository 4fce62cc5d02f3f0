import type { ReportRecipient } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError, notFound } from '../http/api-error';

/** The language a run is printed in when its report has no recipients (a run someone asked for names its own). */
export const DEFAULT_RUN_LOCALE = 'en-US';

/** Refuses the first member who is not a confirmed member of the organisation, as one who does not exist. */
export async function requireOwnMembers(
  db: Database,
  organisationId: number,
  recipients: readonly ReportRecipient[],
): Promise<void> {
  const memberIds = recipients.flatMap((recipient) =>
    recipient.kind === 'member' ? [recipient.userId] : [],
  );
  if (memberIds.length === 0) return;
  const members = new Set(
    (
      await db
        .selectFrom('users')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .where('status', '=', 'CONFIRMED')
        .where('id', 'in', memberIds)
        .execute()
    ).map((row) => row.id),
  );
  const stranger = memberIds.find((id) => !members.has(id));
  if (stranger !== undefined) throw notFound(`member ${stranger}`);
}

/**
 * Refuses recipients a report cannot have: any without a schedule (only
 * scheduled runs are mailed), or the same person twice.
 */
export function checkRecipients(recipients: readonly ReportRecipient[], scheduled: boolean): void {
  if (recipients.length === 0) return;
  if (!scheduled)
    throw fieldError(
      '/recipients',
      'Recipients are sent the report when its schedule runs: give the report a schedule, or no recipients.',
    );
  const seen = new Set<string>();
  for (const [index, recipient] of recipients.entries()) {
    const who = recipient.kind === 'member' ? recipient.userId : recipient.email.toLowerCase();
    if (seen.has(who)) throw fieldError(`/recipients/${index}`, 'This recipient is on the list already.');
    seen.add(who);
  }
}

/** Stores a new report's recipients, in the caller's transaction. */
export async function saveRecipients(
  trx: Database,
  reportId: number,
  recipients: readonly ReportRecipient[],
): Promise<void> {
  if (recipients.length === 0) return;
  await trx
    .insertInto('report_recipients')
    .values(
      recipients.map((recipient) => ({
        report_id: reportId,
        user_id: recipient.kind === 'member' ? recipient.userId : null,
        email: recipient.kind === 'address' ? recipient.email : null,
        locale: recipient.locale,
      })),
    )
    .execute();
}

/** Each report's recipients, in the order they were given. */
export async function recipientsOf(
  db: Database,
  reportIds: readonly number[],
): Promise<Map<number, ReportRecipient[]>> {
  const byReport = new Map<number, ReportRecipient[]>(reportIds.map((id) => [id, []]));
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .selectFrom('report_recipients as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.report_id', 'r.user_id', 'r.email', 'u.email as member_email', 'r.locale'])
    .where('r.report_id', 'in', [...reportIds])
    .orderBy('r.id')
    .execute();
  for (const row of rows) byReport.get(row.report_id)?.push(recipientOf(row));
  return byReport;
}

function recipientOf(row: {
  user_id: string | null;
  email: string | null;
  member_email: string | null;
  locale: string;
}): ReportRecipient {
  const locale = row.locale as ReportRecipient['locale'];
  return row.user_id !== null
    ? { kind: 'member', userId: row.user_id, email: row.member_email ?? '', locale }
    : { kind: 'address', email: row.email as string, locale };
}

/** The languages a scheduled run of the report is printed in: its recipients', or the default's alone. */
export async function runLocales(db: Database, reportId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('report_recipients')
    .select('locale')
    .distinct()
    .where('report_id', '=', reportId)
    .orderBy('locale')
    .execute();
  return rows.length === 0 ? [DEFAULT_RUN_LOCALE] : rows.map((row) => row.locale);
}

/**
 * Where a run's mail goes: the addresses of the report's recipients in the
 * run's language, members' as they are now (a member who has left the
 * organisation is sent nothing).
 */
export async function addressesFor(
  db: Database,
  { reportId, organisationId, locale }: { reportId: number; organisationId: number; locale: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('report_recipients as r')
    .leftJoin('users as u', (join) =>
      join
        .onRef('u.id', '=', 'r.user_id')
        .on('u.organisation_id', '=', organisationId)
        .on('u.status', '=', 'CONFIRMED'),
    )
    .select(['r.email', 'u.email as member_email', 'r.user_id'])
    .where('r.report_id', '=', reportId)
    .where('r.locale', '=', locale)
    .orderBy('r.id')
    .execute();
  return rows.flatMap((row) => {
    const address = row.user_id === null ? row.email : row.member_email;
    return address ? [address] : [];
  });
}
