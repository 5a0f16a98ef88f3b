import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { OutgoingMail } from '../db/repositories/mail-outbox.repository';

export interface Mailer {
  /** 'smtp' or 'dev-outbox'. */
  readonly transport: string;
  /** Whether a sent message stays readable in the outbox (development only). */
  readonly keepsBody: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the development outbox:
 * the message is logged and stays readable at GET /api/dev/outbox.
 */
export function createMailer(config: Pick<Config, 'mail'>, logger: Logger): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl, { from });
    return {
      transport: 'smtp',
      keepsBody: false,
      send: async (mail) => {
        await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.headers ? { headers: mail.headers } : {}) });
      },
      close: () => transporter.close(),
    };
  }
  return {
    transport: 'dev-outbox',
    keepsBody: true,
    send: async (mail) => {
      logger.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'development outbox: mail not sent, read it at /api/dev/outbox');
    },
    close: () => {},
  };
}

/** Whether the SMTP server answers and accepts our login (the admin diagnosis); throws why not. */
export async function verifySmtp(smtpUrl: string): Promise<void> {
  const transporter = nodemailer.createTransport(withTimeouts(smtpUrl));
  try {
    await transporter.verify();
  } finally {
    transporter.close();
  }
}

/** nodemailer reads its timeouts from the URL's query when the transport is a URL. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, '3000');
  }
  return url.toString();
}
