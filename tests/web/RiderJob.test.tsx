// @vitest-environment jsdom
/**
 * The job machine (machines/deliveries/jobMachine.ts) through the real job screen (JobScreen: the
 * app's API client, the real outbox on an in-memory store, the browser's "online" event), with
 * only fetch stood in at the network edge. A rider switches "Available for deliveries" on (a
 * refusal under the areas), sees an offer count down, accepts (and loses one to another rider),
 * works through the steps one button at a time, taps "picked up" without a network ("waiting for
 * network"; the same Idempotency-Key and phone's time sent again when the connection returns),
 * proves the drop-off with the code and a photo, and fails a delivery with a reason. The screen's
 * own actor is inspected and must have taken every transition.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isQueuedProof, jobMachine, type QueuedMove, type QueuedStep, type RiderJob } from '../../machines/deliveries/jobMachine';
import { fieldErrorOf } from '../../machines/kit/errors';
import { dispatchTexts } from '../../src/shared/deliveries/dispatch';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { jobMessages } from '../../src/shared/deliveries/jobMessages';
import { riderJobMessages as m } from '../../src/shared/deliveries/riderJobMessages';
import { JobScreen } from '../../src/web/features/deliveries/JobScreen';
import { memoryStore, Outbox, type OutboxStore } from '../../src/web/features/deliveries/outbox';
import { availabilityOff, availabilityOn, cashJobAtDropoff, cashJobToPickup, JOB_ID, job, offer, queued } from '../machines/jobModel';
import { TransitionRecorder } from '../machines/coverage';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();
const recorder = new TransitionRecorder();

/** A store that can be made to fail, as a full phone storage would. */
function breakableStore(inner: OutboxStore = memoryStore()) {
  const flags = { put: false, remove: false };
  const store: OutboxStore = {
    all: () => inner.all(),
    put: async (entry) => {
      if (flags.put) throw new Error('QuotaExceededError');
      return inner.put(entry);
    },
    remove: async (key) => {
      if (flags.remove) throw new Error('The database connection is closing');
      return inner.remove(key);
    },
    openJob: () => inner.openJob(),
    keepOpenJob: (job) => inner.keepOpenJob(job),
  };
  return { store, flags, inner };
}

/** Cash on delivery: the cash collected goes with "delivered". */
const CASH = { payment: 'cash_on_delivery', cash_to_collect_kobo: 450_000, cash_collect_at: 'dropoff' } as const;
const MOVES = `/api/users/jobs/${JOB_ID}/moves`;

async function take(path: string) {
  return waitFor(() => edge.take(path));
}

/** The screen's opening requests, answered. */
async function answerLoad(answer: { availability?: unknown; offers?: unknown[]; jobs?: RiderJob[] }) {
  const a = await take('/api/users/availability');
  const o = await take('/api/users/offers');
  const j = await take('/api/users/jobs');
  await act(async () => {
    a.respond(200, answer.availability ?? availabilityOn);
    o.respond(200, { items: answer.offers ?? [] });
    j.respond(200, { items: answer.jobs ?? [] });
  });
}

const kindOf = (e: QueuedStep) => (isQueuedProof(e) ? 'photo' : e.body.action);

const button = (name: string) => screen.getByRole('button', { name });
const click = (name: string) => fireEvent.click(button(name));

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
beforeEach(() => edge.reset());

describe("the rider's job screen", () => {
  it('switches "Available for deliveries" on, with a refusal under the areas; a failed load is tried again', async () => {
    render(<JobScreen inspect={recorder.inspect} store={memoryStore()} />);
    expect(screen.getByRole('status').textContent).toBe(m.loading);
    await answerLoad({ availability: availabilityOff });
    expect(await screen.findByText(m.notAvailable)).toBeTruthy();

    click(m.switchOn);
    expect(button(m.saving)).toHaveProperty('disabled', true);
    const refused = await take('/api/users/availability');
    expect(refused.method).toBe('PUT');
    expect(refused.body).toEqual({ available: true, areas: [] });
    await act(async () => refused.respond(400, { error: { field: 'areas', message: dispatchTexts.availability.chooseArea } }));
    const areas = screen.getByLabelText(m.areas);
    await waitFor(() => expect(document.getElementById(areas.getAttribute('aria-describedby')!)!.textContent).toBe(dispatchTexts.availability.chooseArea));

    fireEvent.change(areas, { target: { value: 'yaba, Surulere ' } });
    click(m.switchOn);
    const saved = await take('/api/users/availability');
    expect(saved.body).toEqual({ available: true, areas: ['yaba', 'Surulere'] });
    await act(async () => saved.respond(200, { available: true, areas: ['Yaba', 'Surulere'], blocked: null, message: dispatchTexts.availability.switchedOn }));
    expect(await screen.findByText(dispatchTexts.availability.switchedOn)).toBeTruthy();
    expect((screen.getByLabelText(m.areas) as HTMLInputElement).value).toBe('Yaba, Surulere');
    expect(screen.getByText(m.noOffers)).toBeTruthy();

    click(m.checkAgain);
    const a = await take('/api/users/availability');
    await act(async () => a.fail());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(m.loadFailed));
    // The other two answers of that load arrive late and change nothing.
    await act(async () => {
      edge.take('/api/users/offers').respond(200, { items: [] });
      edge.take('/api/users/jobs').respond(200, { items: [] });
    });
    click(m.retry);
    await answerLoad({ availability: availabilityOn });
    expect(await screen.findByText(m.availableNow)).toBeTruthy();
    cleanup();
  });

  it('shows the offer with pay, distances and a countdown; one lost to another rider, one declined, one run out, one accepted', async () => {
    const soon = () => offer({ expires_at: new Date(Date.now() + 1500).toISOString() });
    const later = () => offer({ expires_at: new Date(Date.now() + 125_000).toISOString() });
    render(<JobScreen inspect={recorder.inspect} store={memoryStore()} />);
    await answerLoad({ offers: [later()] });
    const card = await screen.findByRole('region', { name: m.offerHeading });
    expect(card.textContent).toContain('₦3,600');
    expect(card.textContent).toContain('Yaba');
    expect(card.textContent).toContain('Lekki Phase 1');
    expect(card.textContent).toContain(m.km(14.2));
    // Nothing of the pickup's address or contacts before accepting.
    expect(card.textContent).not.toContain('Herbert Macaulay');
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toMatch(/^Offer ends in 2:0[45]$/);
    await waitFor(() => expect(timer.textContent).not.toMatch(/2:05/), { timeout: 2500 });
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/^Offer ends in 2:0[0-3]$/), { timeout: 2500 });

    // Another rider was first.
    click(m.accept);
    expect(button(m.accepting)).toHaveProperty('disabled', true);
    await act(async () => (await take(`/api/users/offers/${offer().id}/accept`)).respond(409, { error: { field: 'alert', message: dispatchMessages.offerGone } }));
    await answerLoad({ offers: [later()] });
    expect((await screen.findByRole('alert')).textContent).toBe(dispatchMessages.offerGone);

    click(m.decline);
    await act(async () => (await take(`/api/users/offers/${offer().id}/decline`)).respond(200, { message: dispatchTexts.offers.declined }));
    await answerLoad({ offers: [later()] });
    expect(await screen.findByText(dispatchTexts.offers.declined)).toBeTruthy();

    click(m.decline);
    await act(async () => (await take(`/api/users/offers/${offer().id}/decline`)).respond(409, { error: { field: 'alert', message: dispatchMessages.offerGone } }));
    await answerLoad({ offers: [soon()] });
    // It runs out on the screen: the screen asks again.
    await waitFor(() => expect(edge.heldPaths()).toContain('/api/users/offers'), { timeout: 3000 });
    await answerLoad({ offers: [later()] });

    click(m.accept);
    await act(async () => (await take(`/api/users/offers/${offer().id}/accept`)).respond(200, { message: dispatchTexts.offers.accepted('OGB-7K2Q9'), delivery: { id: JOB_ID, reference: 'OGB-7K2Q9', status: 'assigned' } }));
    await answerLoad({ jobs: [job('assigned')] });
    expect(await screen.findByText(dispatchTexts.offers.accepted('OGB-7K2Q9'))).toBeTruthy();
    expect(button(m.steps.start)).toBeTruthy();
    cleanup();
  });

  it('one step at a time; "picked up" tapped offline waits for the network and is sent once, with the same key, when it returns; then the proof', async () => {
    const { store, flags, inner } = breakableStore();
    render(<JobScreen inspect={recorder.inspect} store={store} retryMs={600_000} />);
    await answerLoad({ jobs: [job('assigned', CASH)] });
    // The pickup: maps, call and WhatsApp; one step.
    const pickup = await screen.findByRole('region', { name: m.pickupHeading });
    expect(pickup.querySelector('a[href^="tel:"]')!.getAttribute('href')).toBe('tel:08031234567');
    expect(pickup.querySelector('a[href^="https://wa.me/"]')!.getAttribute('href')).toBe('https://wa.me/2348031234567');
    expect(pickup.querySelector('a[href*="maps"]')!.getAttribute('href')).toContain(encodeURIComponent('12 Herbert Macaulay Way'));
    expect(screen.queryByRole('button', { name: m.steps.pick_up })).toBeNull();

    // The phone cannot keep the step: nothing is sent, it says so.
    flags.put = true;
    click(m.steps.start);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(fieldErrorOf(new Error('QuotaExceededError')).message));
    expect(edge.heldPaths()).toEqual([]);
    flags.put = false;

    click(m.steps.start);
    const start = await take(MOVES);
    expect(start.body).toMatchObject({ action: 'start' });
    expect(start.headers.get('idempotency-key')).toMatch(/^[\x20-\x7e]{8,255}$/);
    await act(async () => start.respond(200, { job: job('heading_to_pickup', CASH), move: {} }));
    await screen.findByRole('button', { name: m.steps.pick_up });
    expect(await inner.all()).toEqual([]);

    // No network at "picked up".
    click(m.steps.pick_up);
    const first = await take(MOVES);
    const key = first.headers.get('idempotency-key')!;
    const clientAt = (first.body as { client_at: string }).client_at;
    await act(async () => first.fail());
    await waitFor(() => expect(screen.getByText(new RegExp(m.waitingForNetwork.slice(0, 20))).textContent).toContain(m.queued(1)));
    // The phone moved on: the drop-off's step is offered while "picked up" waits.
    expect((await inner.all()).map(kindOf)).toEqual(['pick_up']);
    click(m.steps.arrive);
    const again = await take(MOVES);
    expect(again.headers.get('idempotency-key')).toBe(key);
    expect((again.body as { client_at: string }).client_at).toBe(clientAt);
    await act(async () => again.fail());
    await waitFor(() => expect(screen.getByText(/Waiting for network/).textContent).toContain(m.queued(2)));
    expect((screen.getByLabelText(m.cashCollected) as HTMLInputElement).value).toBe('4500');
    // At the drop-off still offline: the code and the cash can be typed; "delivered" needs the code first.
    click(m.steps.deliver);
    expect(screen.getByText(jobMessages.codeInvalid)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(m.code), { target: { value: '1111' } });
    fireEvent.change(screen.getByLabelText(m.cashCollected), { target: { value: '4,500' } });

    // The photo at the door, still offline: the phone's storage full first (said under the photo; the steps still wait), then kept.
    const photo = new File([new Uint8Array(2048)], 'parcel.jpg', { type: 'image/jpeg' });
    const full = fieldErrorOf(new Error('QuotaExceededError')).message;
    flags.put = true;
    fireEvent.change(screen.getByLabelText(m.photo), { target: { files: [photo] } });
    await waitFor(() => expect(document.getElementById('job-photo-error')?.textContent).toBe(full));
    expect(screen.getByText(/Waiting for network/).textContent).toContain(m.queued(2));
    flags.put = false;
    fireEvent.change(screen.getByLabelText(m.photo), { target: { files: [photo] } });
    // Kept, then the queue is tried in order: no network at its first step.
    await act(async () => (await take(MOVES)).fail());
    await waitFor(() => expect(screen.getByText(/Waiting for network/).textContent).toContain(m.queued(2, true)));
    expect(screen.getByText(m.photoKept)).toBeTruthy();
    const keptPhoto = (await inner.all()).at(-1)!;
    expect([(await inner.all()).map(kindOf), isQueuedProof(keptPhoto) && keptPhoto.proof.photo instanceof Blob]).toEqual([['pick_up', 'arrive', 'photo'], true]);
    expect(edge.heldPaths()).toEqual([]);

    // The connection returns: all three go, in order, each with its own key; the photo is refused (too large).
    act(() => void window.dispatchEvent(new Event('online')));
    const pickUp = await take(MOVES);
    expect(pickUp.headers.get('idempotency-key')).toBe(key);
    expect(pickUp.body).toEqual({ action: 'pick_up', client_at: clientAt });
    await act(async () => pickUp.respond(200, { job: job('picked_up', CASH), move: {} }));
    const arrive = await take(MOVES);
    expect(arrive.body).toMatchObject({ action: 'arrive' });
    expect(arrive.headers.get('idempotency-key')).not.toBe(key);
    await act(async () => arrive.respond(200, { job: cashJobAtDropoff(), move: {} }));
    const tooLarge = await take(`/api/users/jobs/${JOB_ID}/proof`);
    expect(tooLarge.headers.get('idempotency-key')).toBe(keptPhoto.key);
    await act(async () => tooLarge.respond(413, { error: { field: 'alert', message: jobMessages.photoTooLarge } }));
    await act(async () => (await take(`/api/users/jobs/${JOB_ID}`)).respond(200, { job: cashJobAtDropoff() }));
    await waitFor(() => expect(document.getElementById('job-photo-error')?.textContent).toBe(jobMessages.photoTooLarge));
    expect(screen.queryByText(/Waiting for network/)).toBeNull();
    expect(await inner.all()).toEqual([]);

    // The proof: the code (typed offline, kept), then the photo, then the cash.
    expect((screen.getByLabelText(m.code) as HTMLInputElement).value).toBe('1111');
    fireEvent.change(screen.getByLabelText(m.code), { target: { value: '11-11' } });
    click(m.steps.deliver);
    expect(screen.getByText(jobMessages.proofRequired)).toBeTruthy();
    flags.put = true;
    fireEvent.change(screen.getByLabelText(m.photo), { target: { files: [photo] } });
    await waitFor(() => expect(document.getElementById('job-photo-error')?.textContent).toBe(full));
    flags.put = false;
    fireEvent.change(screen.getByLabelText(m.photo), { target: { files: [photo] } });
    await screen.findByText(m.uploading);
    await act(async () => (await take(`/api/users/jobs/${JOB_ID}/proof`)).respond(200, { proof_uploaded: true, width: 800, height: 600 }));
    await act(async () => (await take(`/api/users/jobs/${JOB_ID}`)).respond(200, { job: { ...cashJobAtDropoff(), proof_uploaded: true } }));
    await screen.findByText(m.photoSent);
    expect((screen.getByLabelText(m.cashCollected) as HTMLInputElement).value).toBe('4,500');
    fireEvent.change(screen.getByLabelText(m.cashCollected), { target: { value: 'four' } });
    click(m.steps.deliver);
    expect(screen.getByText(m.cashInvalid)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(m.cashCollected), { target: { value: '4,500' } });

    // A wrong code: refused, dropped from the queue, the tries left shown.
    click(m.steps.deliver);
    const wrong = await take(MOVES);
    expect(wrong.body).toMatchObject({ action: 'deliver', code: '1111', cash_collected_kobo: 450_000 });
    await act(async () => wrong.respond(400, { error: { field: 'code', message: jobMessages.codeWrong(4) } }));
    await act(async () => (await take(`/api/users/jobs/${JOB_ID}`)).respond(200, { job: { ...cashJobAtDropoff(), proof_uploaded: true, code_tries_left: 4 } }));
    await screen.findByText(jobMessages.codeWrong(4));
    expect(screen.getByText(m.codeTriesLeft(4))).toBeTruthy();
    expect(await inner.all()).toEqual([]);

    // The right code; the phone's store fails after the server took it: the step is sent again, applied once.
    fireEvent.change(screen.getByLabelText(m.code), { target: { value: '4821' } });
    flags.remove = true;
    click(m.steps.deliver);
    const deliver = await take(MOVES);
    const deliverKey = deliver.headers.get('idempotency-key');
    await act(async () => deliver.respond(200, { job: job('delivered', CASH), move: {} }));
    await screen.findByText(/Waiting for network/);
    flags.remove = false;
    act(() => void window.dispatchEvent(new Event('online')));
    const replay = await take(MOVES);
    expect(replay.headers.get('idempotency-key')).toBe(deliverKey);
    await act(async () => replay.respond(200, { job: job('delivered', CASH), move: {} }, { 'idempotent-replayed': 'true' }));
    expect((await screen.findByRole('status')).textContent).toBe(m.delivered);

    // The next job: failing a delivery needs a reason, and a note for "other".
    click(m.nextJob);
    await answerLoad({ jobs: [job('picked_up')] });
    await screen.findByRole('region', { name: m.dropoffHeading });
    click(m.steps.fail);
    click(m.confirmFail);
    expect(screen.getByText(jobMessages.reasonInvalid)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(m.reasons.other));
    click(m.confirmFail);
    expect(screen.getByText(dispatchMessages.failureNoteRequired)).toBeTruthy();
    click(m.back);
    expect(button(m.steps.arrive)).toBeTruthy();
    click(m.steps.fail);
    fireEvent.change(screen.getByLabelText(m.note), { target: { value: 'The gate was locked' } });
    click(m.confirmFail);
    const fail = await take(MOVES);
    expect(fail.body).toMatchObject({ action: 'fail', reason: 'other', note: 'The gate was locked' });
    await act(async () => fail.respond(200, { job: job('failed', { failure_reason: 'other' }), move: {} }));
    await screen.findByText(m.waitingForStaff);
    expect(screen.queryByRole('button', { name: m.steps.arrive })).toBeNull();
    // Staff decide "return to sender" elsewhere: the rider looks for their answer, without a reload.
    click(m.checkStaff);
    await answerLoad({ jobs: [job('returning')] });
    expect(await screen.findByRole('button', { name: m.steps.returned })).toBeTruthy();
    expect(screen.queryByText(m.waitingForStaff)).toBeNull();
    cleanup();
  });

  it('on a job paid in cash at the pickup, "Picked up" carries the cash collected and "Delivered" asks for none', async () => {
    const PAID_AT_PICKUP = { payment: 'cash_on_pickup', cash_to_collect_kobo: 450_000, cash_collect_at: 'pickup' } as const;
    render(<JobScreen inspect={recorder.inspect} store={memoryStore()} />);
    await answerLoad({ jobs: [cashJobToPickup()] });
    const cash = (await screen.findByLabelText(m.cashCollected)) as HTMLInputElement;
    // Filled with the price; the rider corrects it when it differs.
    expect(cash.value).toBe('4500');
    fireEvent.change(cash, { target: { value: '' } });
    click(m.steps.pick_up);
    expect(screen.getByText(m.cashInvalid)).toBeTruthy();
    expect(cash.getAttribute('aria-invalid')).toBe('true');
    expect(edge.heldPaths()).toEqual([]);
    fireEvent.change(cash, { target: { value: '4,000' } });
    click(m.steps.pick_up);
    const pickUp = await take(MOVES);
    expect(pickUp.body).toMatchObject({ action: 'pick_up', cash_collected_kobo: 400_000 });
    await act(async () => pickUp.respond(200, { job: job('picked_up', PAID_AT_PICKUP), move: {} }));
    await screen.findByRole('button', { name: m.steps.arrive });
    click(m.steps.arrive);
    await act(async () => (await take(MOVES)).respond(200, { job: job('arrived', { ...PAID_AT_PICKUP, proof_uploaded: true }), move: {} }));
    await screen.findByRole('region', { name: m.proofHeading });
    // The cash was taken at the pickup: nothing to type at the drop-off.
    expect(screen.queryByLabelText(m.cashCollected)).toBeNull();
    fireEvent.change(screen.getByLabelText(m.code), { target: { value: '4821' } });
    click(m.steps.deliver);
    const deliver = await take(MOVES);
    expect(deliver.body).toEqual({ action: 'deliver', code: '4821', client_at: expect.any(String) });
    await act(async () => deliver.respond(200, { job: job('delivered', PAID_AT_PICKUP), move: {} }));
    expect((await screen.findByRole('status')).textContent).toBe(m.delivered);
    cleanup();
  });

  it('a reload keeps what the phone had: the queued step goes out first; without an "online" event it is tried again by itself', async () => {
    const store = memoryStore();
    const entry: QueuedMove = queued('pick_up');
    await new Outbox(store).store.put({ ...entry, seq: 1 });
    render(<JobScreen inspect={recorder.inspect} store={store} retryMs={300} />);
    await answerLoad({ jobs: [job('heading_to_pickup')] });
    const first = await take(MOVES);
    expect(first.headers.get('idempotency-key')).toBe(entry.key);
    expect(first.body).toEqual(entry.body);
    await act(async () => first.fail());
    await screen.findByText(/Waiting for network/);
    // No event: the phone tries by itself a while later.
    const retried = await waitFor(() => edge.take(MOVES), { timeout: 3000 });
    expect(retried.headers.get('idempotency-key')).toBe(entry.key);
    await act(async () => retried.respond(200, { job: job('picked_up'), move: {} }));
    await screen.findByRole('button', { name: m.steps.arrive });
    expect(await store.all()).toEqual([]);
    cleanup();
  });

  it('offline at the door: the photo and "delivered" wait on the phone, survive a reload without network, and go in that order when it returns', async () => {
    const store = memoryStore();
    render(<JobScreen inspect={recorder.inspect} store={store} retryMs={600_000} />);
    await answerLoad({ jobs: [job('arrived')] });
    await screen.findByRole('region', { name: m.proofHeading });
    fireEvent.change(screen.getByLabelText(m.photo), { target: { files: [new File([new Uint8Array(1024)], 'parcel.jpg', { type: 'image/jpeg' })] } });
    await act(async () => (await take(`/api/users/jobs/${JOB_ID}/proof`)).fail());
    await screen.findByText(m.photoKept);
    fireEvent.change(screen.getByLabelText(m.code), { target: { value: '4821' } });
    click(m.steps.deliver);
    await act(async () => (await take(`/api/users/jobs/${JOB_ID}/proof`)).fail());
    await waitFor(() => expect(screen.getByText(/Waiting for network/).textContent).toContain(m.queued(1, true)));
    const kept = await store.all();
    expect(kept.map(kindOf)).toEqual(['photo', 'deliver']);
    cleanup();

    // The phone is reloaded with no network: the job comes from the phone's copy, still waiting.
    render(<JobScreen inspect={recorder.inspect} store={store} retryMs={600_000} />);
    await act(async () => {
      for (const path of ['/api/users/availability', '/api/users/offers', '/api/users/jobs']) (await take(path)).fail();
    });
    await act(async () => (await take(`/api/users/jobs/${JOB_ID}/proof`)).fail());
    await waitFor(() => expect(screen.getByText(/Waiting for network/).textContent).toContain(m.queued(1, true)));
    expect(screen.getByRole('region', { name: m.jobHeading('OGB-7K2Q9') }).textContent).toContain('Delivered');

    // Back online: the photo under its key, then "delivered" under its own.
    act(() => void window.dispatchEvent(new Event('online')));
    const upload = await take(`/api/users/jobs/${JOB_ID}/proof`);
    expect(upload.headers.get('idempotency-key')).toBe(kept[0]!.key);
    await act(async () => upload.respond(200, { proof_uploaded: true, width: 800, height: 600 }));
    const deliver = await take(MOVES);
    expect([deliver.headers.get('idempotency-key'), deliver.body]).toEqual([kept[1]!.key, { action: 'deliver', code: '4821', client_at: expect.any(String) }]);
    await act(async () => deliver.respond(200, { job: job('delivered', { proof_uploaded: true }), move: {} }));
    expect((await screen.findByRole('status')).textContent).toBe(m.delivered);
    expect(await store.all()).toEqual([]);
    cleanup();
  });

  it('a reload with no network and nothing waiting opens on the open job the phone kept; once no job is open the phone forgets it', async () => {
    const store = memoryStore();
    render(<JobScreen inspect={recorder.inspect} store={store} retryMs={600_000} />);
    await answerLoad({ jobs: [job('assigned')] });
    await screen.findByRole('button', { name: m.steps.start });
    cleanup();

    // A dead zone: no answer from the API, nothing queued; the screen opens on the kept job.
    render(<JobScreen inspect={recorder.inspect} store={store} retryMs={600_000} />);
    await act(async () => {
      for (const path of ['/api/users/availability', '/api/users/offers', '/api/users/jobs']) (await take(path)).fail();
    });
    await screen.findByRole('region', { name: m.jobHeading('OGB-7K2Q9') });
    expect(button(m.steps.start)).toBeTruthy();
    expect(await store.all()).toEqual([]);
    cleanup();

    // Online again, the job finished elsewhere (no open job): the phone keeps nothing of it.
    render(<JobScreen inspect={recorder.inspect} store={store} retryMs={600_000} />);
    await answerLoad({ jobs: [job('returned')] });
    await waitFor(async () => expect(await store.openJob()).toBeNull());
    cleanup();
    render(<JobScreen inspect={recorder.inspect} store={store} retryMs={600_000} />);
    await act(async () => {
      for (const path of ['/api/users/availability', '/api/users/offers', '/api/users/jobs']) (await take(path)).fail();
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('region', { name: m.jobHeading('OGB-7K2Q9') })).toBeNull();
    cleanup();
  });

  it('drives every transition of the machine through the screen', () => {
    expect(recorder.report('jobMachine through the job screen', jobMachine)).toEqual([]);
  });
});
