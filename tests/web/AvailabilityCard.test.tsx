// @vitest-environment jsdom
/**
 * The availability machine (machines/deliveries/availabilityMachine.ts) through the real switch:
 * the rider dashboard's card (AvailabilityCard, the app's API client, fetch stood in at the network
 * edge) loads it, fails and is tried again, says why the rider cannot switch on, refuses an empty
 * list of areas under the field, switches on and off; then the job screen, which hands the switch
 * what it loaded. The actors are inspected and must have taken every transition.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { availabilityMachine } from '../../machines/deliveries/availabilityMachine';
import { availabilityMessages as a } from '../../src/shared/deliveries/availabilityMessages';
import { dispatchTexts } from '../../src/shared/deliveries/dispatch';
import { AvailabilityCard } from '../../src/web/features/deliveries/AvailabilityCard';
import { JobScreen } from '../../src/web/features/deliveries/JobScreen';
import { memoryStore } from '../../src/web/features/deliveries/outbox';
import { blockedById, switchedOff, switchedOn } from '../machines/availabilityModel';
import { TransitionRecorder } from '../machines/coverage';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();
const recorder = new TransitionRecorder();
const AVAILABILITY = '/api/users/availability';
const take = (path: string) => waitFor(() => edge.take(path));
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
beforeEach(() => edge.reset());

describe('"Available for deliveries" on the rider dashboard', () => {
  it('loads (tried again after a failure), says why it cannot go on, refuses no areas, switches on and off', async () => {
    render(
      <AvailabilityCard inspect={recorder.inspect}>
        <a href="/rider-dashboard/jobs">Deliveries</a>
      </AvailabilityCard>,
    );
    expect(screen.getByRole('status').textContent).toBe(a.availabilityLoading);
    // The way to the job screen is there from the first paint.
    expect(screen.getByRole('link', { name: 'Deliveries' })).toBeTruthy();
    await act(async () => (await take(AVAILABILITY)).fail());
    await screen.findByText(a.availabilityLoadFailed);
    click(a.retry);

    // ID not verified: the server's sentence, and its refusal of the switch under the areas.
    await act(async () => (await take(AVAILABILITY)).respond(200, blockedById));
    expect(await screen.findByText(dispatchTexts.availability.blocked.id)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(a.areas), { target: { value: 'Yaba' } });
    click(a.switchOn);
    expect((screen.getByRole('button', { name: a.saving }) as HTMLButtonElement).disabled).toBe(true);
    const refusedId = await take(AVAILABILITY);
    expect([refusedId.method, refusedId.body]).toEqual(['PUT', { available: true, areas: ['Yaba'] }]);
    await act(async () => refusedId.respond(403, { error: { field: 'available', message: dispatchTexts.availability.blocked.id } }));
    const areas = screen.getByLabelText(a.areas);
    await waitFor(() => expect(areas.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(areas.getAttribute('aria-describedby')!)!.textContent).toBe(dispatchTexts.availability.blocked.id);
    cleanup();
  });

  it('switches on with the areas, the refusal of none under the field, then off', async () => {
    render(<AvailabilityCard inspect={recorder.inspect} />);
    await act(async () => (await take(AVAILABILITY)).respond(200, switchedOff));
    expect(await screen.findByText(a.notAvailable)).toBeTruthy();
    click(a.switchOn);
    const none = await take(AVAILABILITY);
    expect(none.body).toEqual({ available: true, areas: [] });
    await act(async () => none.respond(400, { error: { field: 'areas', message: dispatchTexts.availability.chooseArea } }));
    await screen.findByText(dispatchTexts.availability.chooseArea);
    fireEvent.change(screen.getByLabelText(a.areas), { target: { value: 'yaba, Surulere ' } });
    expect(screen.queryByText(dispatchTexts.availability.chooseArea)).toBeNull();
    click(a.switchOn);
    const on = await take(AVAILABILITY);
    expect(on.body).toEqual({ available: true, areas: ['yaba', 'Surulere'] });
    await act(async () => on.respond(200, switchedOn));
    expect(await screen.findByText(dispatchTexts.availability.switchedOn)).toBeTruthy();
    expect((screen.getByLabelText(a.areas) as HTMLInputElement).value).toBe('Yaba, Surulere');
    click(a.switchOff);
    const off = await take(AVAILABILITY);
    expect(off.body).toEqual({ available: false, areas: ['Yaba', 'Surulere'] });
    await act(async () => off.respond(200, { ...switchedOff, areas: ['Yaba', 'Surulere'], message: dispatchTexts.availability.switchedOff }));
    expect(await screen.findByRole('button', { name: a.switchOn })).toBeTruthy();
    cleanup();
  });

  it('on the job screen the switch starts from what the screen loaded, without asking again', async () => {
    render(<JobScreen inspect={recorder.inspect} store={memoryStore()} />);
    const first = await take(AVAILABILITY);
    await act(async () => {
      first.respond(200, switchedOn);
      (await take('/api/users/offers')).respond(200, { items: [] });
      (await take('/api/users/jobs')).respond(200, { items: [] });
    });
    expect(await screen.findByText(a.availableNow)).toBeTruthy();
    expect((screen.getByLabelText(a.areas) as HTMLInputElement).value).toBe('Yaba, Surulere');
    expect(edge.heldPaths()).toEqual([]);
    cleanup();
  });

  it('drives every transition of the machine through the switch', () => {
    expect(recorder.report('availabilityMachine through the switch', availabilityMachine)).toEqual([]);
  });
});
