/**
 * The phone's outbox of job steps (src/web/features/deliveries/outbox.ts) on the in-memory store:
 * the proof photo is a Blob entry of its own, with its own key, kept in the order taken, read back
 * whole by a new Outbox over the same store (as a reload reads IndexedDB; the browser test does the
 * same on Chromium's real IndexedDB), and a photo taken again replaces one not yet sent.
 */
import { describe, expect, it } from 'vitest';
import { isQueuedProof, type QueuedStep } from '../../machines/deliveries/jobMachine';
import { memoryStore, Outbox } from '../../src/web/features/deliveries/outbox';
import { job, JOB_ID } from '../machines/jobModel';

const kinds = (entries: QueuedStep[]) => entries.map((e) => (isQueuedProof(e) ? 'photo' : e.body.action));
const bytesOf = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

describe("the rider's outbox", () => {
  it('keeps the photo as a Blob between the steps, in order, each with its own key, and a new Outbox over the same store reads it back', async () => {
    const store = memoryStore();
    const outbox = new Outbox(store);
    const t = (s: number) => new Date(Date.UTC(2026, 10, 28, 14, 0, s));
    await outbox.add(JOB_ID, { action: 'arrive' }, t(1), job('picked_up'));
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/webp' });
    await outbox.addProof(JOB_ID, photo, 'parcel.webp', t(2), job('arrived'));
    const queue = await outbox.add(JOB_ID, { action: 'deliver', code: '4821' }, t(3), job('arrived'));
    expect(kinds(queue)).toEqual(['arrive', 'photo', 'deliver']);
    expect(new Set(queue.map((e) => e.key)).size).toBe(3);

    // A reload: a new Outbox over the same storage.
    const reloaded = await new Outbox(store).forJob(JOB_ID);
    expect(kinds(reloaded)).toEqual(['arrive', 'photo', 'deliver']);
    expect(reloaded.map((e) => e.key)).toEqual(queue.map((e) => e.key));
    const kept = reloaded[1]!;
    if (!isQueuedProof(kept)) throw new Error('the photo entry is not a photo');
    expect(kept.proof.name).toBe('parcel.webp');
    expect(kept.proof.photo.type).toBe('image/webp');
    expect(await bytesOf(kept.proof.photo)).toEqual(await bytesOf(photo));
    // Each entry carries the job as last answered, for a screen opened without network.
    expect(reloaded.map((e) => e.job?.status)).toEqual(['picked_up', 'arrived', 'arrived']);
    expect(reloaded[2]).toMatchObject({ body: { action: 'deliver', code: '4821', client_at: t(3).toISOString() } });
  });

  it('replaces a photo not yet sent by the one taken again, behind the steps before it', async () => {
    const outbox = new Outbox(memoryStore());
    await outbox.add(JOB_ID, { action: 'arrive' });
    const first = (await outbox.addProof(JOB_ID, new Blob(['first']), 'a.jpg')).at(-1)!;
    const queue = await outbox.addProof(JOB_ID, new Blob(['second']), 'b.jpg');
    expect(kinds(queue)).toEqual(['arrive', 'photo']);
    const second = queue[1]!;
    expect(second.key).not.toBe(first.key);
    expect(isQueuedProof(second) && (await second.proof.photo.text())).toBe('second');
    await outbox.remove(second.key);
    expect(kinds(await outbox.all())).toEqual(['arrive']);
  });
});
