import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is written to the mail outbox first. With SMTP_URL it is then sent and marked;
 * without it (the embedded setup) the outbox and the log are where an operator reads it.
 */
export function createMailer(options: {
  db: Kysely<Database>;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const smtpUrl = options.smtpUrl;
  // Nodemailer loads with the first message sent, not in every process at start.
  let transport: Promise<Transporter> | undefined;
  const transportFor = (url: string) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
    return transport;
  };
  return {
    async send(message) {
      const row = await options.db
        .insertInto('mailOutbox')
        .values({
          recipient: message.to,
          subject: message.subject,
          body: message.body,
          createdAt: new Date().toISOString(),
          sentAt: null,
          error: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!smtpUrl) {
        options.log.info(
          { outboxId: row.id, to: message.to, subject: message.subject, body: message.body },
          'mail written to outbox (no SMTP configured)',
        );
        return;
      }
      try {
        await (await transportFor(smtpUrl)).sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.body,
        });
        await options.db
          .updateTable('mailOutbox')
          .set({ sentAt: new Date().toISOString() })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        await options.db
          .updateTable('mailOutbox')
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where('id', '=', row.id)
          .execute();
        options.log.error({ err: error, outboxId: row.id }, 'mail delivery failed');
      }
    },
  };
}
