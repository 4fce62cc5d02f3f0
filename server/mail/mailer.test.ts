import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { MAILS_PER_RECIPIENT, MailLimitReached } from './mail-limits';
import { createMailer } from './mailer';

describe('mailer', () => {
  let handle: DatabaseHandle;
  let smtp: SMTPServer;
  let port: number;
  const received: { to: string; data: string }[] = [];

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk) => {
          data += chunk;
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await handle?.close();
  });

  it('sends through SMTP when configured, and records the message as sent', async () => {
    const mailer = createMailer({
      db: handle.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Insights <no-reply@insights.test>',
      log: () => {},
    });
    await mailer.send({
      to: 'ops@example.com',
      subject: 'Your Insights verification code',
      text: 'Your verification code is 123456.',
    });
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toBe('ops@example.com');
    expect(received[0]?.data).toContain('Your verification code is 123456.');
    const row = await handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'ops@example.com')
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
  });

  it('without SMTP, keeps the message in the outbox and prints it to the log', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      db: handle.db,
      smtpUrl: undefined,
      from: 'x@y',
      log: (line) => lines.push(line),
    });
    await mailer.send({ to: 'local@example.com', subject: 'Hello', text: 'Body text' });
    expect(lines).toEqual(['mail to local@example.com: Hello\nBody text']);
    const row = await handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'local@example.com')
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
  });

  it('keeps the error on the outbox row when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ db: handle.db, smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y', log: () => {} });
    await expect(mailer.send({ to: 'down@example.com', subject: 'S', text: 'T' })).rejects.toThrow();
    const row = await handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'down@example.com')
      .executeTakeFirstOrThrow();
    expect(row.error).toMatch(/ECONNREFUSED|connect/);
  });

  it('sends one recipient at most five messages an hour, keeping nothing past that, and others theirs', async () => {
    const mailer = createMailer({
      db: handle.db,
      smtpUrl: undefined,
      from: 'no-reply@insights.test',
      log: () => {},
    });
    const message = (to: string) => ({
      to,
      subject: 'Your Insights verification code',
      text: 'Code 123456.',
    });
    for (let sent = 0; sent < MAILS_PER_RECIPIENT; sent++) {
      expect(await mailer.hasRoomFor('flooded@example.com')).toBe(true);
      await mailer.send(message('flooded@example.com'));
    }
    expect(await mailer.hasRoomFor('flooded@example.com')).toBe(false);
    await expect(mailer.send(message('flooded@example.com'))).rejects.toBeInstanceOf(MailLimitReached);
    await mailer.send(message('calm@example.com'));
    const kept = await handle.db
      .selectFrom('outbox')
      .select('to_address')
      .where('to_address', 'in', ['flooded@example.com', 'calm@example.com'])
      .execute();
    expect(kept.filter((row) => row.to_address === 'flooded@example.com')).toHaveLength(5);
    expect(kept.filter((row) => row.to_address === 'calm@example.com')).toHaveLength(1);

    // An hour on, the recipient has room again.
    await handle.db
      .updateTable('outbox')
      .set({ created_at: new Date(Date.now() - 61 * 60_000) })
      .where('to_address', '=', 'flooded@example.com')
      .execute();
    expect(await mailer.hasRoomFor('flooded@example.com')).toBe(true);
  });
  it('sends a file with a mail, and the outbox keeps its name and size', async () => {
    const mailer = createMailer({
      db: handle.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Insights <no-reply@insights.test>',
      log: () => {},
    });
    const content = Buffer.from('%PDF-1.4 a report');
    await mailer.send({
      to: 'board@example.com',
      subject: 'Report: Monthly',
      text: 'Your report is ready.',
      about: 'reports',
      attachments: [
        { filename: 'Monthly 2026-10-01 to 2026-10-31.pdf', contentType: 'application/pdf', content },
      ],
    });
    const sent = received.find((mail) => mail.to === 'board@example.com')?.data ?? '';
    expect(sent).toMatch(/Content-Type: application\/pdf; name="?Monthly 2026-10-01 to 2026-10-31\.pdf/);
    expect(sent).toContain('Content-Disposition: attachment');
    expect(sent.replace(/\r?\n/g, '')).toContain(content.toString('base64'));
    const row = await handle.db
      .selectFrom('outbox')
      .select(['attachments', 'sent_at'])
      .where('to_address', '=', 'board@example.com')
      .executeTakeFirstOrThrow();
    expect(row.attachments).toEqual([
      { filename: 'Monthly 2026-10-01 to 2026-10-31.pdf', bytes: content.length },
    ]);
    expect(row.sent_at).toBeInstanceOf(Date);
  });
});
