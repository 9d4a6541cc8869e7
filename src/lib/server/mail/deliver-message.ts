/**
 * Sends a message to a person: e-mail through SMTP (nodemailer) when SMTP_URL is set, SMS through the configured
 * provider; otherwise (the embedded default) into the development outbox, which the operator reads in the log and
 * on the administrators' outbox page. The requester never sees it in a response.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { getDb } from '../db/client';
import { outboxMessages } from '../db/schema';
import { env } from '../env';
import { logger } from '../logger';

export interface Message {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
}

/** How SMS leaves the system; an operator plugs a real gateway in here. */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

let transporter: Transporter | undefined;
let smsProvider: SmsProvider | undefined;

export function setSmsProvider(provider: SmsProvider | undefined): void {
  smsProvider = provider;
}

async function toOutbox(message: Message): Promise<void> {
  await getDb().insert(outboxMessages).values({ channel: message.channel, recipient: message.to, subject: message.subject, body: message.text });
  // The operator of an embedded install reads codes here; production sends them instead.
  logger.info({ outbox: message.channel, to: message.to, subject: message.subject, body: message.text }, 'outbox: message stored (not sent)');
}

export async function deliverMessage(message: Message): Promise<void> {
  const e = env();
  if (message.channel === 'email' && e.SMTP_URL) {
    transporter ??= nodemailer.createTransport(e.SMTP_URL);
    await transporter.sendMail({ from: e.MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
    return;
  }
  if (message.channel === 'sms' && smsProvider) {
    await smsProvider.send(message.to, message.text);
    return;
  }
  await toOutbox(message);
}
