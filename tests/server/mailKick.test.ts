/**
 * Mail a request puts in the outbox goes out as soon as the request is answered (the mailer's
 * onResponse hook kicks the worker for a request that enqueued mail), well before the worker's
 * 5-second poll, and no handler kicks the mailer by hand.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { captchaCookie } from './authHelpers';
import { buildTestApp, describeEachDatabase, nextIp, type TestApp } from './helper';

const FEATURES = fileURLToPath(new URL('../../src/server/features', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

describe('kicking the mailer', () => {
  it('is done by no route file by hand', () => {
    const byHand = sources(FEATURES).filter((file) => /[Rr]outes\.ts$/.test(file) && readFileSync(file, 'utf8').includes('mailer.kick('));
    expect(byHand.map((file) => path.relative(FEATURES, file))).toEqual([]);
  });
});

describeEachDatabase('mail queued by a request', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ database: kind, startWorkers: true, env: { SMTP_URL: sink.url, OPS_EMAIL: 'desk@ogbadispatch.test' } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('is delivered within two seconds of the answer, each time (the poll is every 5 s)', async () => {
    for (const word of ['first', 'second']) {
      const ip = nextIp();
      const cookie = await captchaCookie(t, ip);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/enquiries',
        remoteAddress: ip,
        headers: { cookie },
        payload: { kind: 'enquiry', name: 'Ada', email: 'ada@example.com', phone: '', message: `Prompt delivery ${word}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const answered = Date.now();
      while (!sink.messages.some((m) => m.text.includes(`Prompt delivery ${word}`)) && Date.now() - answered < 4000) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(Date.now() - answered, word).toBeLessThan(2000);
    }
  });
});
