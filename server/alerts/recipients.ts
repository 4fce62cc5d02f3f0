import type { AlertSeverity } from '../../src/generated/api-types';
import { HOUR_MS } from '../../src/time/civil-time';
import type { Database } from '../db/database';
import { leastSeveritiesTaking } from './channels';
import { DEFAULT_CHOICES } from './notification-choices';
import { type WebhookChannel, webhooksTaking } from './webhook-deliveries';

/** Mails about alerts a member is sent one by one in an hour; the rest of the hour's come in its digest. */
export const MAILS_AN_HOUR = 5;

/** A member told of an alert, with their choice of mail. */
export interface Member {
  id: string;
  email: string;
  mailFrom: string;
  mailDigest: boolean;
}

/**
 * Who is told of an organisation's alerts (its members and its webhooks),
 * and how many mails about alerts each address was queued one by one in
 * the last hour: each read once per
 * transaction and kept on from there, not asked again at every change of
 * an alert (an alert storm is thousands of them in one run).
 */
export class Recipients {
  readonly #trx: Database;
  readonly #members = new Map<number, Promise<Member[]>>();
  readonly #mailsThisHour = new Map<string, number>();
  readonly #webhooks = new Map<string, Promise<WebhookChannel[]>>();
  readonly #notified = new Set<number>();

  constructor(trx: Database) {
    this.#trx = trx;
  }

  /** Notifications were written for the organisation's members: the open screens are told once it commits. */
  notified(organisationId: number): void {
    this.#notified.add(organisationId);
  }

  /** The organisations whose members were notified. */
  get notifiedOrganisations(): number[] {
    return [...this.#notified];
  }

  /** The organisation's confirmed members, with their choices (the defaults where they made none). */
  of(organisationId: number): Promise<Member[]> {
    let members = this.#members.get(organisationId);
    if (!members) {
      members = this.#readMembers(organisationId);
      this.#members.set(organisationId, members);
    }
    return members;
  }

  /** Those of the members whose choice takes an alert of this severity by mail. */
  async mailedOf(organisationId: number, severity: AlertSeverity): Promise<Member[]> {
    const taking = new Set<string>(leastSeveritiesTaking(severity));
    return (await this.of(organisationId)).filter((member) => taking.has(member.mailFrom));
  }

  /** The organisation's enabled webhooks that take an alert of this severity. */
  webhooks(organisationId: number, severity: AlertSeverity): Promise<WebhookChannel[]> {
    const key = `${organisationId}:${severity}`;
    let channels = this.#webhooks.get(key);
    if (!channels) {
      channels = webhooksTaking(this.#trx, organisationId, severity);
      this.#webhooks.set(key, channels);
    }
    return channels;
  }

  /** Whether the member's next mail goes in the digest: as they chose, or past MAILS_AN_HOUR this hour. */
  async digests(member: Member): Promise<boolean> {
    if (member.mailDigest) return true;
    return (await this.#mailsOf(member.email)) >= MAILS_AN_HOUR;
  }

  /** A mail about an alert queued to the address one by one. */
  mailed(email: string): void {
    this.#mailsThisHour.set(email, (this.#mailsThisHour.get(email) ?? 0) + 1);
  }

  async #mailsOf(email: string): Promise<number> {
    const known = this.#mailsThisHour.get(email);
    if (known !== undefined) return known;
    const { count } = await this.#trx
      .selectFrom('notification_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('channel', '=', 'email')
      .where('digest', '=', false)
      .where('recipient', '=', email)
      .where('created_at', '>', new Date(Date.now() - HOUR_MS))
      .executeTakeFirstOrThrow();
    this.#mailsThisHour.set(email, Number(count));
    return Number(count);
  }

  async #readMembers(organisationId: number): Promise<Member[]> {
    const rows = await this.#trx
      .selectFrom('users as u')
      // Choices made in another organisation the member once belonged to are not this one's.
      .leftJoin('notification_choices as c', (join) =>
        join.onRef('c.user_id', '=', 'u.id').onRef('c.organisation_id', '=', 'u.organisation_id'),
      )
      .select(['u.id', 'u.email', 'c.mail_from', 'c.mail_digest'])
      .where('u.organisation_id', '=', organisationId)
      .where('u.status', '=', 'CONFIRMED')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      mailFrom: row.mail_from ?? DEFAULT_CHOICES.mailFrom,
      mailDigest: row.mail_digest ?? DEFAULT_CHOICES.mailDigest,
    }));
  }
}
