/**
 * The quick slice of the generated hostile input (scripts/faults/hostile.mjs; the full run is
 * `npm run test:faults -- --only=hostile`): a few seeded hostile requests to every operation of
 * the API document, for every kind of caller the operation admits, each sent WITH A VALID
 * CALLER of that kind and, half of the time, the real record in its path, so they get past the
 * guard to the handler. Budget: no 5xx, every 4xx in {error:{field,message}}, and every
 * documented operation reached (answered from past the guard: see hostile.mjs for the exact rule).
 */
import { desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { outboxEmails } from '../../src/server/db/schema';
import { hostileCallers } from '../../scripts/faults/hostileCallers';
// @ts-expect-error: a plain ES module of the fault suite, without types
import { captchaPasses, hostileRun, prepareRecords } from '../../scripts/faults/hostile.mjs';
import { describeEachDatabase, nextIp, useTestApp } from './helper';

/** Requests per operation per kind of caller; FAULTS_SEED replays another draw. */
const PER_CALLER = Number(process.env.HOSTILE_PER_CALLER ?? 4);
const SEED = Number(process.env.FAULTS_SEED ?? 34);

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  text: string;
}

describeEachDatabase('hostile input over every operation of the API document', (kind) => {
  const t = useTestApp(kind);

  it('answers every operation, for every kind of caller it admits, without a 5xx and in the error shape', async () => {
    const send = async (req: { method: string; url: string; headers: Record<string, string>; body?: string | Buffer; ip?: string }): Promise<Answer> => {
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: req.headers,
        ...(req.body === undefined ? {} : { payload: req.body }),
        remoteAddress: req.ip ?? nextIp(),
        // An event stream never ends by itself: its answer is its status and headers.
        payloadAsStream: true,
      });
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        (res.raw.res as { destroy(): void }).destroy();
        return { status: res.statusCode, headers: res.headers, text: '' };
      }
      const chunks: Buffer[] = [];
      for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
      return { status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() };
    };
    const doc = JSON.parse((await t.app.inject({ url: '/api/docs' })).body);
    const fixtures = await hostileCallers(t.database.db, t.config);
    const captcha = captchaPasses(send, nextIp);
    const mailTo = async (address: string) => {
      const [mail] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, address.toLowerCase())).orderBy(desc(outboxEmails.createdAt)).limit(1);
      return mail?.text ?? null;
    };
    const { records, notes } = await prepareRecords(send, fixtures, { nextIp, captcha, mailTo });
    expect(notes, 'the records the paths name were made').toEqual([]);
    if (process.env.HOSTILE_DEBUG) console.log(JSON.stringify(records));

    const run = await hostileRun({ send, doc, fixtures, records, perCaller: PER_CALLER, seed: SEED, concurrency: 4, nextIp, captcha });
    console.log(
      `hostile input [${kind}]: ${run.sent} requests, ${run.reached}/${run.operations} operations reached, ` +
        `${run.reachedWithRecord}/${run.withParams} with their record in the path, ${run.bad} bad, in ${run.seconds.toFixed(1)} s`,
    );
    if (run.withoutRecord.length > 0) console.log(`never with their record in the path: ${run.withoutRecord.join(', ')}`);
    if (run.unreached.length > 0) console.log(`not reached: ${run.unreached.join(', ')}`);
    expect(run.failures, 'no 5xx, no answer outside {error:{field,message}}').toEqual([]);
    expect(run.unreached, 'operations no hostile request got past the guard of').toEqual([]);
    // A path naming a new kind of record needs its line in realParam (hostile.mjs) and the record in prepareRecords.
    expect(run.withoutRecord, 'operations never reached with real records in their path').toEqual([]);
    expect(run.operations).toBeGreaterThan(90);
  }, 120_000);
});
