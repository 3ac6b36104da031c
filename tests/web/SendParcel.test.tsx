// @vitest-environment jsdom
/**
 * The booking machine (machines/deliveries/bookingMachine.ts) tested through the real "Send a
 * parcel" page (SendParcelView, useBooking, the app's API client, the captcha component, the
 * session's captcha pass, sessionStorage), with only fetch stood in at the network edge
 * (tests/web/support/apiEdge.ts), hCaptcha's browser API replaced by the stories' stand-in and the
 * clock driven by the test. Paths come from xstate/graph (tests/machines/bookingModel.ts), chosen
 * so that together they take every transition. Each model event is something the sender does on
 * the page (typing, choosing, the captcha widget, the buttons), the clock, or the server's answer
 * to the request the page has in flight. After each step the page must show what the state says,
 * and after each path a reload must show the same booking again; the page's own actor is
 * inspected and must have taken every transition (the reloads take the ones that resume).
 * A signed-in company is the page told so (as the session would): it then reads the account's
 * details and saved addresses through the same edge.
 */
import { useSyncExternalStore } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { TestModel } from 'xstate/graph';
import { bookingMachine, savedOf, type BookingSnapshot } from '../../machines/deliveries/bookingMachine';
import { bookingBody, emptyBookingValues, quoteBody, savedAddressBody, type BookingField } from '../../machines/deliveries/bookingRules';
import { bookingSnapshotToView, whatsAppUrl } from '../../machines/deliveries/bookingView';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { messages } from '../../src/shared/messages';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { captchaPass } from '../../src/web/kit/forms/captchaPass';
import { SendParcelView } from '../../src/web/features/deliveries/SendParcelView';
import { BOOKING_KEY, useBooking, type BookingClock } from '../../src/web/features/deliveries/useBooking';
import { installHcaptchaStandIn } from '../../storybook/support/hcaptchaStandIn';
import { StoryRouter } from '../../storybook/support/StoryRouter';
import { TransitionRecorder, edgePaths } from '../machines/coverage';
import {
  ACCOUNT,
  bookingEvents,
  coveringPaths,
  DELIVERY,
  DETAILS_FILL,
  heldQuote,
  INPUT,
  KEY,
  liveEvent,
  NEXT_KEY,
  SAVED_CUSTOMER,
  SAVED_SHOP,
  serializeBooking,
  T0,
  TRIP_FILL,
  type BookingModelEvent,
} from '../machines/bookingModel';
import { ApiEdge } from './support/apiEdge';
import { setCombobox } from './support/combobox';

const edge = new ApiEdge();
let keys: string[] = [];
const recorder = new TransitionRecorder();

/** The page's clock, moved by the test. */
class TestClock implements BookingClock {
  time = T0;
  private ticks = new Set<() => void>();
  now = () => this.time;
  every = (_ms: number, tick: () => void) => {
    this.ticks.add(tick);
    return () => void this.ticks.delete(tick);
  };
  set(time: number) {
    this.time = time;
    for (const tick of this.ticks) tick();
  }
}
let clock = new TestClock();

/** Whether a company is signed in, as the session would tell the page. */
const session = {
  company: false,
  listeners: new Set<() => void>(),
  set(company: boolean) {
    this.company = company;
    for (const listener of this.listeners) listener();
  },
  subscribe: (listener: () => void) => {
    session.listeners.add(listener);
    return () => void session.listeners.delete(listener);
  },
};

function Page() {
  const company = useSyncExternalStore(session.subscribe, () => session.company);
  const { view, send } = useBooking({ clock, inspect: recorder.inspect, company });
  return <SendParcelView view={view} send={send} />;
}

async function renderReady() {
  renderPage();
  await screen.findByRole('heading', { level: 1, name: b.title });
}

function renderPage() {
  return render(
    <StoryRouter path="/send-a-parcel">
      <main>
        <Page />
      </main>
      <Toasts />
    </StoryRouter>,
  );
}

const page = () => screen.getByRole('main');
const take = (path: string) => waitFor(() => edge.take(path));
const failBody = (field: string, message: string) => ({ error: { field, message } });
const labelOf = (field: BookingField) => b.labels[field as keyof typeof b.labels];
const inputOf = (field: BookingField) => within(page()).getByLabelText(labelOf(field), { exact: false }) as HTMLInputElement;
const COMBOBOXES: BookingField[] = ['pickup.area', 'dropoff.area'];
const RADIOS: Partial<Record<BookingField, Record<string, string>>> = { 'parcel.size': b.sizes, payment: b.payments };

function change(field: BookingField, value: string) {
  if (field === 'dropoff.save' || field === 'pickup.save') fireEvent.click(within(page()).getByRole('checkbox', { name: b.saveThis[field === 'pickup.save' ? 'pickup' : 'dropoff'] }));
  else if (COMBOBOXES.includes(field)) setCombobox(within(page()).getByRole('combobox', { name: labelOf(field) }), value);
  else if (RADIOS[field]) fireEvent.click(within(page()).getByRole('radio', { name: RADIOS[field]![value]! }));
  else fireEvent.change(inputOf(field), { target: { value } });
}

/** Does on the page what the model event stands for. `before` is the state it happens in. */
async function perform(event: BookingModelEvent, before: BookingSnapshot): Promise<void> {
  switch (event.type) {
    case 'CHANGE':
      change(event.field, event.value);
      break;
    case 'QUOTE':
      fireEvent.click(screen.getByRole('button', { name: b.getPrice }));
      break;
    case 'EDIT_TRIP':
      fireEvent.click(screen.getByRole('button', { name: b.changeTrip }));
      break;
    case 'BOOK':
      fireEvent.click(screen.getByRole('button', { name: b.book }));
      break;
    case 'ENGAGE':
      fireEvent.focusIn(inputOf('pickup.address'));
      break;
    case 'CAPTCHA_SOLVED':
      fireEvent.click(await within(page()).findByRole('button', { name: 'I am human' }));
      break;
    case 'CAPTCHA_EXPIRED':
      fireEvent.click(await within(page()).findByRole('button', { name: 'Expire' }));
      break;
    case 'CAPTCHA_ERROR':
      fireEvent.click(await within(page()).findByRole('button', { name: 'Network error' }));
      break;
    case 'TICK':
      await act(async () => clock.set(event.now));
      break;
    case 'CAPTCHA_PASS':
      // Another form of the tab passes the captcha: the session's pass tells this one.
      await act(async () => captchaPass.granted());
      break;
    case 'NEW_BOOKING':
      fireEvent.click(screen.getByRole('button', { name: b.bookAnother }));
      break;
    case 'ACCOUNT': {
      // The session says a company is signed in: the page reads its profile and saved addresses.
      await act(async () => session.set(true));
      const profile = await take('/api/companies/me');
      await act(async () =>
        profile.respond(200, { company_name: 'Ada Stores', contact_person: ACCOUNT.sender.name, email: ACCOUNT.sender.email, email_verified: true, phone: ACCOUNT.sender.phone }),
      );
      const list = await take('/api/companies/me/addresses');
      await act(async () => list.respond(200, { addresses: ACCOUNT.addresses }));
      break;
    }
    case 'USE_ADDRESS':
      fireEvent.change(within(page()).getByLabelText(b.useSaved[event.end]), { target: { value: event.id } });
      break;
    default:
      await answer(event, before);
  }
  await act(async () => {});
}

/** The server's answer to the request in flight. */
async function answer(event: BookingModelEvent, before: BookingSnapshot): Promise<void> {
  const done = event.type.startsWith('xstate.done.');
  const error = (event as { error?: { fieldError?: { field: string; message: string } } }).error;
  const body = error?.fieldError ? { error: error.fieldError } : failBody('alert', messages.submitFailed);
  const status = !error?.fieldError || error.fieldError.field === 'alert' ? 502 : error.fieldError.field === 'captcha' ? 403 : 400;
  const { context } = before;
  switch (event.type.replace(/^xstate\.(done|error)\.actor\./, '')) {
    case 'requestQuote': {
      const held = await take('/api/deliveries/quotes');
      expect(held.body).toEqual(quoteBody(context.values, context.now));
      await act(async () => held.respond(done ? 200 : status, done ? (event as { output: unknown }).output : body));
      break;
    }
    case 'verifyCaptcha': {
      const held = await take('/api/verify-captcha');
      expect((held.body as { token: string }).token).toMatch(/^pass-/);
      if (done) await act(async () => held.respond(200, (event as { output: unknown }).output));
      else await act(async () => held.respond(502, failBody('alert', messages.submitFailed)));
      break;
    }
    case 'book': {
      const held = await take('/api/deliveries');
      expect(held.body).toEqual(bookingBody(context.values, context.quote!.id, context.now));
      // One key for the booking, whatever the tries: the server books it once.
      expect(held.headers.get('idempotency-key')).toBe(context.idempotencyKey);
      await act(async () => held.respond(done ? 201 : status, done ? (event as { output: unknown }).output : body));
      break;
    }
    case 'saveAddresses': {
      const held = await take('/api/companies/me/addresses');
      expect(held.body).toEqual(savedAddressBody(context.values, 'dropoff'));
      // The drop-off is saved with its recipient's e-mail, for the next booking to it.
      expect((held.body as { contact_email?: string }).contact_email).toBe(context.values['dropoff.contact_email']);
      const output = (event as { output?: { addresses: unknown[] } }).output;
      await act(async () => held.respond(done ? 201 : 409, done ? { address: output!.addresses[0] } : body));
      break;
    }
  }
}

const alertTexts = () =>
  within(page())
    .queryAllByRole('alert')
    .map((a) => a.textContent ?? '')
    .sort();

/** What the page must show in the state. */
async function expectScreen(state: BookingSnapshot): Promise<void> {
  const view = bookingSnapshotToView(state);
  const { context } = state;
  await screen.findByRole('heading', { level: 1, name: b.title });
  const expectedAlerts = [...context.errors.map((e) => e.message), ...(view.notice && view.notice !== b.requoted ? [view.notice] : [])].sort();
  if (view.state === 'booked' || view.state === 'savingAddresses') {
    const booked = view.booked!;
    await within(page()).findByRole('heading', { level: 2, name: b.bookedHeading });
    const statuses = within(page()).getAllByRole('status').map((s) => s.textContent);
    expect(statuses[0]).toBe(b.bookedText(DELIVERY.reference));
    // Saving the address, then whether it was saved.
    if (view.state === 'savingAddresses') expect(statuses).toContain(b.savingAddress);
    if (view.notice === b.addressSaved(1)) expect(statuses).toContain(view.notice);
    expect(within(page()).getByText(DELIVERY.reference, { selector: 'dd' })).toBeTruthy();
    expect(within(page()).getByRole('link', { name: DELIVERY.tracking_url }).getAttribute('href')).toBe(DELIVERY.tracking_url);
    expect(within(page()).getByRole('link', { name: b.shareWhatsApp }).getAttribute('href')).toBe(whatsAppUrl(DELIVERY.reference, DELIVERY.tracking_url));
    expect(booked.whatsAppUrl.startsWith('https://wa.me/?text=')).toBe(true);
    expect(within(page()).getByText(b.emailOnItsWay(context.values['sender.email']))).toBeTruthy();
    expect(alertTexts()).toEqual(view.notice && view.notice !== b.addressSaved(1) ? [view.notice] : []);
    return;
  }
  if (view.state === 'trip' || view.state === 'quoting') {
    await within(page()).findByRole('heading', { level: 2, name: b.tripHeading });
    for (const field of COMBOBOXES) expect((within(page()).getByRole('combobox', { name: labelOf(field) }) as HTMLInputElement).value, field).toBe(context.values[field]);
    for (const [field, labels] of Object.entries(RADIOS)) {
      for (const [value, label] of Object.entries(labels!)) {
        expect((within(page()).getByRole('radio', { name: label }) as HTMLInputElement).checked, `${field}=${value}`).toBe(context.values[field as BookingField] === value);
      }
    }
    // The estimate while typing, from the shared price function, once the trip can be priced.
    // A company's saved addresses, offered for the pickup and the drop-off.
    expect(within(page()).queryByLabelText(b.useSaved.pickup) !== null, 'a saved address offered').toBe(view.savedChoices.length > 0);
    if (view.estimate) expect(within(page()).getByText(view.estimate)).toBeTruthy();
    else expect(within(page()).queryByText(/^Estimate:/)).toBeNull();
    const submit = screen.getByRole('button', { name: view.busy ? b.pricing : b.getPrice }) as HTMLButtonElement;
    expect(submit.disabled).toBe(view.busy);
    await waitFor(() => expect(alertTexts()).toEqual(expectedAlerts));
    for (const error of context.errors) {
      if (COMBOBOXES.includes(error.field as BookingField)) expect(within(page()).getByRole('combobox', { name: labelOf(error.field as BookingField) }).getAttribute('aria-invalid')).toBe('true');
    }
    return;
  }
  // The held price and the details.
  await within(page()).findByRole('heading', { level: 2, name: b.detailsHeading });
  if (view.state === 'requoting') expect(within(page()).getAllByRole('status').map((s) => s.textContent)).toContain(b.requoting);
  else {
    for (const line of view.quote!.lines) expect(within(page()).getByText(line)).toBeTruthy();
    expect(within(page()).getByText(view.quote!.heldUntil)).toBeTruthy();
  }
  if (view.notice === b.requoted) expect(within(page()).getAllByRole('status').map((s) => s.textContent)).toContain(b.requoted);
  for (const [field] of DETAILS_FILL) expect(inputOf(field).value, field).toBe(context.values[field]);
  // A company: its note, "save this address" where the place is not saved yet, and no captcha.
  expect(within(page()).queryByText(b.companyNote) !== null).toBe(view.company);
  const saveBox = within(page()).queryByRole('checkbox', { name: b.saveThis.dropoff }) as HTMLInputElement | null;
  expect(saveBox !== null, 'save the drop-off offered').toBe(view.canSave.dropoff);
  if (saveBox) expect(saveBox.checked).toBe(context.values['dropoff.save'] === 'yes');
  expect(within(page()).queryByRole('checkbox', { name: b.saveThis.pickup }) !== null, 'save the pickup offered').toBe(view.canSave.pickup);
  if (context.values['dropoff.save'] === 'yes' && view.canSave.dropoff) expect(inputOf('dropoff.save_label').value).toBe(context.values['dropoff.save_label']);
  const busy = view.state === 'verifyingCaptcha' || view.state === 'booking';
  const submit = screen.getByRole('button', { name: busy ? b.booking : b.book }) as HTMLButtonElement;
  expect(submit.disabled).toBe(view.busy);
  if (view.showCaptcha) await within(page()).findByTestId('captcha');
  else expect(within(page()).queryByTestId('captcha')).toBeNull();
  await waitFor(() => expect(alertTexts()).toEqual(expectedAlerts));
  for (const error of context.errors) if (error.field !== 'captcha') expect(inputOf(error.field as BookingField).getAttribute('aria-invalid')).toBe('true');
}

/** Reloads the page: what it shows next is the booking saved, resumed (the machine started from it). */
async function reload(before: BookingSnapshot): Promise<BookingSnapshot> {
  cleanup();
  edge.reset();
  const raw = window.sessionStorage.getItem(BOOKING_KEY);
  const expected = JSON.parse(JSON.stringify(savedOf(before.context)));
  // Nothing typed, priced or booked is not kept (the server sends the empty form): the reload starts afresh.
  const empty: Record<string, string> = emptyBookingValues();
  const untouched = expected.quote === null && expected.booked === null && Object.entries(expected.values).every(([field, value]) => value === empty[field]);
  const saved = raw === null ? null : JSON.parse(raw);
  if (untouched) expect(raw).toBeNull();
  else expect(saved).toEqual(expected);
  renderPage();
  return getInitialSnapshot(bookingMachine, { now: clock.now(), captchaPassed: captchaPass.passed(), idempotencyKey: 'unused', saved });
}

const model = new TestModel(bookingMachine, { events: bookingEvents as never, serializeState: serializeBooking as never, input: INPUT } as never);
const initial = getInitialSnapshot(bookingMachine, INPUT);
const paths = coveringPaths(
  bookingMachine,
  edgePaths({ getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never, serializeBooking as never) as never,
);

beforeAll(() => {
  installHcaptchaStandIn();
  edge.install();
  window.scrollTo = () => {};
  // The first key the page makes is the model's, the next ones the model's next booking's.
  crypto.randomUUID = (() => keys.shift() ?? NEXT_KEY) as typeof crypto.randomUUID;
});
afterAll(() => edge.uninstall());
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  captchaPass.resetForTests();
  edge.reset();
  clock = new TestClock();
  keys = [KEY];
  session.company = false;
});
afterEach(() => {
  cleanup();
  toast.dismiss();
});

describe('the "Send a parcel" page along the machine’s paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      renderPage();
      await expectScreen(initial);
      let before = initial;
      for (const step of steps) {
        const event = liveEvent(step.event as BookingModelEvent, before);
        if ((event.type as string) === 'xstate.init') continue;
        await perform(event, before);
        const expected = getNextSnapshot(bookingMachine, before, event as never);
        expect(serializeBooking(expected), 'the page follows the model’s path').toBe(serializeBooking(step.state as BookingSnapshot));
        await expectScreen(expected);
        before = expected;
      }
      // A reload shows the same booking again (a request in flight is asked again from the step before it).
      await expectScreen(await reload(before));
    },
    // The longest paths take some 40 steps through the real page: on a busy 2-core host that passes 30 s.
    120_000,
  );

  it('after a reload, a held price that ran out is priced again, and a retried booking carries the same Idempotency-Key', async () => {
    await renderReady();
    for (const [field, value] of TRIP_FILL) change(field, value);
    fireEvent.click(screen.getByRole('button', { name: b.getPrice }));
    const quote = await take('/api/deliveries/quotes');
    await act(async () => quote.respond(200, { quote: heldQuote(T0) }));
    for (const [field, value] of DETAILS_FILL) change(field, value);
    fireEvent.focusIn(inputOf('pickup.address'));
    fireEvent.click(await within(page()).findByRole('button', { name: 'I am human' }));
    fireEvent.click(screen.getByRole('button', { name: b.book }));
    await act(async () => (await take('/api/verify-captcha')).respond(200, { success: true }));
    const first = await take('/api/deliveries');
    // The connection drops: the sender reloads 20 minutes later, past the held price.
    await act(async () => first.fail());
    clock.time = T0 + 20 * 60_000;
    cleanup();
    edge.reset();
    await renderReady();
    const again = await take('/api/deliveries/quotes');
    expect(again.body).toEqual(quoteBody(JSON.parse(window.sessionStorage.getItem(BOOKING_KEY)!).values, clock.time));
    await act(async () => again.respond(200, { quote: heldQuote(clock.time, 'q-2') }));
    await within(page()).findByText(b.requoted);
    expect(inputOf('sender.email').value).toBe('ada@example.ng');
    fireEvent.click(screen.getByRole('button', { name: b.book }));
    const second = await take('/api/deliveries');
    expect(second.headers.get('idempotency-key')).toBe(first.headers.get('idempotency-key'));
    expect((second.body as { quote_id: string }).quote_id).toBe('q-2');
    await act(async () => second.respond(201, { delivery: DELIVERY }));
    await within(page()).findByRole('heading', { level: 2, name: b.bookedHeading });
    // Booked stays booked after a reload: the reference and the link, no second booking.
    cleanup();
    edge.reset();
    await renderReady();
    await within(page()).findByRole('heading', { level: 2, name: b.bookedHeading });
    expect(within(page()).getByText(DELIVERY.reference, { selector: 'dd' })).toBeTruthy();
    expect(edge.held).toEqual([]);
  });

  it("fills the recipient's e-mail from a saved drop-off (emptied by one without); a saved pickup leaves it alone; the booking carries it", async () => {
    await renderReady();
    await perform({ type: 'ACCOUNT', account: ACCOUNT }, initial);
    const use = async (end: 'pickup' | 'dropoff', id: string) => perform({ type: 'USE_ADDRESS', end, id }, initial);
    const price = async (id: string) => {
      fireEvent.click(screen.getByRole('button', { name: b.getPrice }));
      await act(async () => (await take('/api/deliveries/quotes')).respond(200, { quote: heldQuote(clock.now(), id) }));
      await within(page()).findByRole('heading', { level: 2, name: b.detailsHeading });
    };
    const backToTrip = async () => {
      fireEvent.click(screen.getByRole('button', { name: b.changeTrip }));
      await within(page()).findByRole('heading', { level: 2, name: b.tripHeading });
    };
    const dropoffShown = () => (['dropoff.address', 'dropoff.contact_name', 'dropoff.contact_email'] as const).map((f) => inputOf(f).value);

    // The regular customer as the drop-off: the place, the person and the e-mail.
    await use('dropoff', SAVED_CUSTOMER.id);
    change('pickup.area', 'Ikeja');
    change('parcel.size', 'medium');
    change('payment', 'cash_on_delivery');
    await price('q-1');
    expect(dropoffShown()).toEqual([SAVED_CUSTOMER.address, SAVED_CUSTOMER.contact_name, 'chidi@example.ng']);

    // Corrected by hand, then the shop chosen as the pickup: the e-mail stays as typed.
    change('dropoff.contact_email', 'chidi.eze@work.ng');
    await backToTrip();
    await use('pickup', SAVED_SHOP.id);
    await price('q-2');
    expect(inputOf('pickup.address').value).toBe(SAVED_SHOP.address);
    expect(inputOf('dropoff.contact_email').value).toBe('chidi.eze@work.ng');

    // A saved drop-off without an e-mail: the one typed for Chidi does not follow the parcel to another recipient.
    await backToTrip();
    await use('dropoff', SAVED_SHOP.id);
    await price('q-3');
    expect(dropoffShown()).toEqual([SAVED_SHOP.address, SAVED_SHOP.contact_name, '']);

    // Chidi again, and booked: the booking carries the saved e-mail.
    await backToTrip();
    await use('dropoff', SAVED_CUSTOMER.id);
    await price('q-4');
    expect(dropoffShown()).toEqual([SAVED_CUSTOMER.address, SAVED_CUSTOMER.contact_name, 'chidi@example.ng']);
    change('description', 'A box of shoes');
    fireEvent.click(screen.getByRole('button', { name: b.book }));
    const booked = await take('/api/deliveries');
    expect((booked.body as { dropoff: Record<string, string> }).dropoff).toMatchObject({ area: 'Lekki', address: SAVED_CUSTOMER.address, contact_email: 'chidi@example.ng' });
    await act(async () => booked.respond(201, { delivery: DELIVERY }));
    await within(page()).findByRole('heading', { level: 2, name: b.bookedHeading });
  });

  it('prices abroad by weight and sides, offers no cash on delivery there, and books a time within opening hours', async () => {
    await renderReady();
    setCombobox(within(page()).getByRole('combobox', { name: labelOf('pickup.area') }), 'Ikeja');
    fireEvent.change(within(page()).getByLabelText(labelOf('dropoff.kind')), { target: { value: 'abroad' } });
    expect(within(page()).queryByRole('radio', { name: b.payments.cash_on_delivery })).toBeNull();
    expect(within(page()).getByText(/Duties and taxes/)).toBeTruthy();
    fireEvent.change(within(page()).getByLabelText(labelOf('dropoff.country')), { target: { value: 'GB' } });
    for (const [field, value] of [['dropoff.city', 'London'], ['parcel.weight_kg', '2'], ['parcel.length_cm', '30'], ['parcel.width_cm', '20'], ['parcel.height_cm', '15']] as const) {
      fireEvent.change(inputOf(field), { target: { value } });
    }
    fireEvent.click(within(page()).getByRole('radio', { name: b.payments.transfer }));
    // docs/deliveries.md's worked example: Ogba to London, ₦46,150; Ikeja is a little nearer the airport.
    expect(within(page()).getByText(/^Estimate: ₦\d/)).toBeTruthy();
    fireEvent.change(within(page()).getByLabelText(labelOf('when')), { target: { value: 'tomorrow' } });
    const times = [...(within(page()).getByLabelText(labelOf('pickup_at')) as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    // Wednesday's hours, 07:00–20:00, every half hour.
    expect(times[0]).toBe('07:00');
    expect(times[times.length - 1]).toBe('19:30');
    fireEvent.click(screen.getByRole('button', { name: b.getPrice }));
    await within(page()).findByText(/Choose a pickup time/);
    fireEvent.change(within(page()).getByLabelText(labelOf('pickup_at')), { target: { value: '09:30' } });
    fireEvent.click(screen.getByRole('button', { name: b.getPrice }));
    const held = await take('/api/deliveries/quotes');
    expect(held.body).toEqual({
      pickup: { state: 'Lagos', area: 'Ikeja' },
      dropoff: { country: 'GB', city: 'London' },
      parcel: { weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 15 },
      pickup_at: '2026-11-25T08:30:00.000Z',
      payment: 'transfer',
    });
  });

  it('moves the focus to the first invalid field when the messages are shown, and never while the sender types', async () => {
    await renderReady();
    fireEvent.click(screen.getByRole('button', { name: b.getPrice }));
    const pickup = within(page()).getByRole('combobox', { name: labelOf('pickup.area') });
    await waitFor(() => expect(document.activeElement).toBe(pickup));
    const size = within(page()).getByRole('radio', { name: b.sizes.small });
    size.focus();
    fireEvent.click(size);
    await act(async () => {});
    // Its message went; the focus stays where the sender is.
    expect(document.activeElement).toBe(size);
  });

  it('has no axe violations: the trip, with errors, the details, booked', async () => {
    const run = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.help}`);
    await renderReady();
    expect(await run()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: b.getPrice }));
    await waitFor(() => expect(alertTexts().length).toBeGreaterThan(0));
    expect(await run()).toEqual([]);
    for (const [field, value] of TRIP_FILL) change(field, value);
    fireEvent.click(screen.getByRole('button', { name: b.getPrice }));
    await act(async () => (await take('/api/deliveries/quotes')).respond(200, { quote: heldQuote(T0) }));
    await within(page()).findByRole('heading', { level: 2, name: b.detailsHeading });
    expect(await run()).toEqual([]);
    captchaPass.granted();
    for (const [field, value] of DETAILS_FILL) change(field, value);
    fireEvent.click(screen.getByRole('button', { name: b.book }));
    await act(async () => (await take('/api/deliveries')).respond(201, { delivery: DELIVERY }));
    await within(page()).findByRole('heading', { level: 2, name: b.bookedHeading });
    expect(await run()).toEqual([]);
  });

  it('drives every transition of the machine through the page', () => {
    expect(recorder.report('bookingMachine through the Send a parcel page', bookingMachine)).toEqual([]);
  });
});
