/** Codes leave by e-mail when SMTP_URL is set: a real SMTP server on a local port receives them. */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TYPE } from '../../src/lib/contracts/identity';
import { resetEnvCache } from '../../src/lib/server/env';
import { apiCaller } from '../fixtures/api';
import { createUser } from '../fixtures/identity';
import { outboxFor } from '../fixtures/outbox';

const { call } = apiCaller();
const sendCode = (account: string, init: { lang?: string; ip: string }) => call(`/passport/verify/code/send?account=${encodeURIComponent(account)}&type=${CODE_TYPE.login}`, init);

const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  process.env.MAIL_FROM = 'MatLib <codes@matlib.test>';
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetEnvCache();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('e-mail delivery', () => {
  it('sends the code to the account over SMTP, in the caller’s language, and keeps nothing in the outbox', async () => {
    const user = await createUser();
    const res = await sendCode(user.account, { lang: 'en', ip: `10.77.${Math.floor(Math.random() * 250)}.1` });
    expect(res.body.code).toBe(200);
    const mail = received.find((m) => m.to.includes(user.account));
    expect(mail).toBeDefined();
    expect(mail?.raw).toMatch(/^From: MatLib <codes@matlib\.test>/m);
    expect(mail?.raw).toMatch(/Your MatLib verification code is \d{6}/);
    expect(await outboxFor(user.account)).toHaveLength(0);
    // Nothing is sent for an account that does not exist.
    const stranger = `nobody-${randomUUID()}@test.matlib`;
    await sendCode(stranger, { ip: '10.78.0.1' });
    expect(received.some((m) => m.to.includes(stranger))).toBe(false);
  });
});
