// @vitest-environment jsdom
/**
 * The dispatch board (real machine, real API client, real views, links and toasts) driven through
 * every transition of machines/ops/dispatchBoardMachine.ts, the way a dispatcher and the network
 * would: only fetch is stood in (tests/web/support/apiEdge.ts holds each console request until the
 * test answers it as the server would; the live feed's GET /api/ops/deliveries/events is a stream
 * the test writes to, or a 404). The page's own actor is inspected and must take every transition.
 * The debounce and the fallback poll are shortened (30 ms, 80 ms) so the test does not wait.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatchBoardMachine } from '../../machines/ops/dispatchBoardMachine';
import { boardMessages as m } from '../../src/shared/deliveries/boardMessages';
import { dispatchTexts } from '../../src/shared/deliveries/dispatch';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { OPS_TOKEN_KEY } from '../../src/shared/opsForms';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { DispatchBoardPage } from '../../src/web/features/ops/DispatchBoardPage';
import { TransitionRecorder } from '../machines/coverage';
import { boardDetail, DELIVERY_ID, RIDER_B, ridersToday } from '../machines/dispatchBoardModel';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();
const recorder = new TransitionRecorder();
const LIST = '/api/ops/deliveries';
const DETAIL = `/api/ops/deliveries/${DELIVERY_ID}`;
const RIDERS = '/api/ops/riders/today';
const EVENTS = '/api/ops/deliveries/events';

const listItem = (() => {
  const { sender: _s, pickup: _p, dropoff: _d, parcel: _pa, description: _de, cash_collected_kobo: _c, failure_reason: _f, failure_note: _n, cancel_reason: _r, assigned_at: _a, picked_up_at: _pu, delivered_at: _dl, actions: _ac, offers: _o, events: _e, ...item } =
    boardDetail('booked');
  return item;
})();
const page = { items: [listItem], next: null };

/** The live feed's request: answered with a stream the test writes to, or refused. */
class Feed {
  requests = 0;
  private answer: ((r: Response) => void) | null = null;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  handle(): Promise<Response> {
    this.requests++;
    return new Promise((resolve) => (this.answer = resolve));
  }
  open() {
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (this.controller = c) });
    this.answer!(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
  }
  refuse() {
    this.answer!(new Response('{"error":{"field":"alert","message":"Not found"}}', { status: 404, headers: { 'content-type': 'application/json' } }));
  }
  write(text: string) {
    this.controller!.enqueue(new TextEncoder().encode(text));
  }
  drop() {
    this.controller!.error(new TypeError('network error'));
  }
}
let feed = new Feed();

beforeAll(() => {
  edge.install();
  const edgeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes(EVENTS)) return feed.handle();
    return edgeFetch(input, init);
  };
  window.scrollTo = () => {};
});
afterAll(() => edge.uninstall());
beforeEach(() => {
  edge.reset();
  feed = new Feed();
  window.localStorage.setItem(OPS_TOKEN_KEY, 'staff-token');
});
afterEach(() => {
  cleanup();
  toast.dismiss();
});

function Board() {
  const { id } = useParams({ strict: false }) as { id?: string };
  return (
    <>
      <DispatchBoardPage deliveryId={id ?? null} inspect={recorder.inspect} delays={{ debounce: 30, pollInterval: 80 }} />
      <Toasts />
    </>
  );
}

/** The board at its real addresses: /ops/deliveries and its child /ops/deliveries/$id. */
function renderAt(path: string) {
  const root = createRootRoute({ component: Outlet });
  const board = createRoute({ getParentRoute: () => root, path: '/ops/deliveries', component: Board });
  const one = createRoute({ getParentRoute: () => board, path: '$id', component: () => null });
  const riders = createRoute({ getParentRoute: () => root, path: '/ops/riders/$id', component: () => null });
  const router = createRouter({ routeTree: root.addChildren([board.addChildren([one]), riders]), history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

async function held(path: string) {
  await waitFor(() => expect(edge.heldPaths()).toContain(path));
  return edge.take(path);
}
async function answer(path: string, status: number, body: unknown) {
  const request = await held(path);
  await act(async () => request.respond(status, body));
  return request;
}
const detailPanel = () => screen.getByRole('complementary');
const feedMessage = (status: string) => `event: delivery\ndata: {"id":"${DELIVERY_ID}","reference":"OGB-7Q2K4","status":"${status}","at":"2026-11-28T10:00:00.000Z"}\n\n`;

describe('the dispatch board, every transition through the page', () => {
  it('a dispatcher works the board while the feed speaks, drops and comes back', async () => {
    const router = renderAt('/ops/deliveries');

    // The riders' panel fails first; the list comes; the feed opens.
    await answer(RIDERS, 500, { error: { field: 'alert', message: 'Server trouble' } });
    expect(await screen.findByText(m.ridersFailed)).toBeTruthy();
    await answer(LIST, 200, page);
    const row = await screen.findByRole('link', { name: 'OGB-7Q2K4' });
    expect(within(row.closest('tr')!).getByText(m.attention.unassigned)).toBeTruthy();
    await waitFor(() => expect(feed.requests).toBe(1));
    expect(screen.getByText(m.live.connecting)).toBeTruthy();
    await act(async () => feed.open());
    expect(await screen.findByText(m.live.streaming)).toBeTruthy();

    // Two moves in a burst: one re-read of the list (and the riders, which failed).
    await act(async () => feed.write(': ping\n\n' + feedMessage('offered') + feedMessage('assigned')));
    const reread = await held(LIST);
    expect(edge.log.filter((r) => r.path === LIST)).toHaveLength(2);
    await act(async () => reread.respond(200, page));
    await answer(RIDERS, 200, { items: ridersToday });
    expect(await screen.findByText('₦12,500')).toBeTruthy();

    // Open the delivery: it fails, then loads.
    fireEvent.click(screen.getByRole('link', { name: 'OGB-7Q2K4' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ops/deliveries/${DELIVERY_ID}`));
    await answer(DETAIL, 500, { error: { field: 'alert', message: 'Server trouble' } });
    expect(await screen.findByText(m.detailFailed)).toBeTruthy();
    fireEvent.click(within(detailPanel()).getByRole('button', { name: m.tryAgain }));
    await answer(DETAIL, 200, boardDetail('booked'));
    expect(await screen.findByRole('heading', { name: `OGB-7Q2K4 · ${dispatchMessages.statusNames.booked}` })).toBeTruthy();
    expect(within(detailPanel()).getByText(/A box of documents/)).toBeTruthy();

    // Assign: nothing chosen is said under the field; back; again, a rider the server refuses, then accepted.
    fireEvent.click(screen.getByRole('button', { name: m.moves.assign }));
    fireEvent.click(screen.getByRole('button', { name: m.submit.assign }));
    expect(screen.getByLabelText(m.riderLabel).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(m.chooseRider, { selector: '.field-error' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.back }));
    expect(screen.queryByLabelText(m.riderLabel)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: m.moves.assign }));
    const select = screen.getByLabelText(m.riderLabel) as HTMLSelectElement;
    // Nearest first: Tunde covers Yaba (the pickup), Chioma is in Surulere.
    expect([...select.options].map((o) => o.textContent)).toEqual([m.chooseRider, m.riderOption('Tunde Bakare', 'tunde', 0, 0), expect.stringContaining('Chioma Eze (@chioma)')]);
    fireEvent.change(select, { target: { value: RIDER_B } });
    fireEvent.click(screen.getByRole('button', { name: m.submit.assign }));
    let move = await held(`${DETAIL}/assign`);
    expect(move.body).toEqual({ rider_id: RIDER_B });
    await act(async () => move.respond(400, { error: { field: 'rider_id', message: dispatchTexts.board.riderNotAvailable } }));
    expect(await screen.findByText(dispatchTexts.board.riderNotAvailable)).toBeTruthy();
    expect(screen.getByLabelText(m.riderLabel).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: m.submit.assign }));
    move = await held(`${DETAIL}/assign`);
    await act(async () => move.respond(200, { message: dispatchTexts.board.assigned('OGB-7Q2K4') }));
    expect(await screen.findByText(dispatchTexts.board.assigned('OGB-7Q2K4'))).toBeTruthy();
    // The move re-reads the delivery (fails: the last answer stays), the list and the riders.
    await answer(DETAIL, 500, { error: { field: 'alert', message: 'Server trouble' } });
    await answer(LIST, 200, page);
    await answer(RIDERS, 500, { error: { field: 'alert', message: 'Server trouble' } });
    expect(await screen.findByText(m.ridersFailed)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('region', { name: m.ridersHeading })).getByRole('button', { name: m.tryAgain }));
    await answer(RIDERS, 200, { items: ridersToday });

    // Offer to nearby riders: someone moved it first (409), said on the alert line, the record re-read.
    fireEvent.click(await screen.findByRole('button', { name: m.moves.offerNearby }));
    move = await held(`${DETAIL}/offer`);
    expect(move.body).toEqual({});
    await act(async () => move.respond(409, { error: { field: 'alert', message: dispatchMessages.moveRefused('Picked up') } }));
    await answer(DETAIL, 200, boardDetail('booked'));
    expect((await within(detailPanel()).findByRole('alert')).textContent).toBe(dispatchMessages.moveRefused('Picked up'));

    // Cancel: a reason is required, then the server's refusal under the field; back.
    fireEvent.click(screen.getByRole('button', { name: m.moves.cancel }));
    fireEvent.click(screen.getByRole('button', { name: m.submit.cancel }));
    expect(screen.getByText(dispatchMessages.cancelReasonRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(m.reasonLabel), { target: { value: '  The sender called to cancel ' } });
    fireEvent.click(screen.getByRole('button', { name: m.submit.cancel }));
    move = await held(`${DETAIL}/cancel`);
    expect(move.body).toEqual({ reason: 'The sender called to cancel' });
    await act(async () => move.respond(400, { error: { field: 'reason', message: dispatchTexts.board.cancelReasonTooLong(300) } }));
    expect(await screen.findByText(dispatchTexts.board.cancelReasonTooLong(300))).toBeTruthy();
    expect(screen.getByLabelText(m.reasonLabel).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: m.back }));

    // The feed drops: the board says so and re-reads every 20 s (80 ms here), the open delivery too, and tries the stream again.
    await act(async () => feed.drop());
    expect(await screen.findByText(m.live.polling)).toBeTruthy();
    await answer(LIST, 200, page);
    await answer(DETAIL, 200, boardDetail('failed'));
    await answer(RIDERS, 200, { items: ridersToday });
    await waitFor(() => expect(feed.requests).toBe(2));
    expect(await screen.findByRole('heading', { name: `OGB-7Q2K4 · ${dispatchMessages.statusNames.failed}` })).toBeTruthy();
    expect(within(detailPanel()).getByText(dispatchMessages.failureReasons.recipient_absent)).toBeTruthy();

    // Resolve the failed delivery: out again.
    fireEvent.click(screen.getByRole('button', { name: m.moves.retry }));
    move = await held(`${DETAIL}/retry`);
    await act(async () => move.respond(200, { message: dispatchTexts.board.retried('OGB-7Q2K4') }));
    expect(await screen.findByText(dispatchTexts.board.retried('OGB-7Q2K4'))).toBeTruthy();
    await answer(DETAIL, 200, boardDetail('picked_up'));
    expect(await screen.findByRole('heading', { name: `OGB-7Q2K4 · ${dispatchMessages.statusNames.picked_up}` })).toBeTruthy();

    // Back to the board.
    fireEvent.click(screen.getByRole('link', { name: m.close }));
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(router.state.location.pathname).toBe('/ops/deliveries');
  });

  it('opened at a delivery address, the delivery loads beside the board at once', async () => {
    renderAt(`/ops/deliveries/${DELIVERY_ID}`);
    await answer(DETAIL, 200, boardDetail('assigned'));
    expect(await screen.findByRole('button', { name: m.moves.reassign })).toBeTruthy();
    await answer(LIST, 200, page);
    // The stream is not there yet (404): the board says it polls.
    await waitFor(() => expect(feed.requests).toBe(1));
    await act(async () => feed.refuse());
    expect(await screen.findByText(m.live.polling)).toBeTruthy();
  });

  it('a returning parcel back at the office: the dispatcher marks it returned, asked once more first', async () => {
    renderAt(`/ops/deliveries/${DELIVERY_ID}`);
    await answer(DETAIL, 200, boardDetail('returning'));
    expect(await screen.findByRole('heading', { name: `OGB-7Q2K4 · ${dispatchMessages.statusNames.returning}` })).toBeTruthy();
    const moves = () => within(screen.getByRole('group', { name: m.actionsLabel })).getAllByRole('button').map((b) => b.textContent);
    expect(moves()).toEqual([m.moves.returned, m.moves.cancel]);

    // Asked once more; "Back" sends nothing.
    fireEvent.click(screen.getByRole('button', { name: m.moves.returned }));
    expect(screen.getByRole('heading', { name: m.moves.returned })).toBeTruthy();
    expect(screen.getByText(m.returnedConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.back }));
    expect(screen.queryByText(m.returnedConfirm)).toBeNull();
    expect(moves()).toEqual([m.moves.returned, m.moves.cancel]);
    expect(edge.log.some((r) => r.path === `${DETAIL}/returned`)).toBe(false);

    // Yes: sent with no body (no cash goes with it), the form busy meanwhile.
    fireEvent.click(screen.getByRole('button', { name: m.moves.returned }));
    fireEvent.click(screen.getByRole('button', { name: m.submit.returned }));
    const move = await held(`${DETAIL}/returned`);
    expect(move.body).toEqual({});
    expect((screen.getByRole('button', { name: m.working }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => move.respond(200, { message: dispatchTexts.board.markedReturned('OGB-7Q2K4') }));
    expect(await screen.findByText(dispatchTexts.board.markedReturned('OGB-7Q2K4'))).toBeTruthy();
    await answer(DETAIL, 200, boardDetail('returned'));
    expect(await screen.findByRole('heading', { name: `OGB-7Q2K4 · ${dispatchMessages.statusNames.returned}` })).toBeTruthy();
    expect(within(detailPanel()).getByText(m.noActions)).toBeTruthy();
  });

  afterAll(() => {
    const missing = recorder.report('dispatch board page', dispatchBoardMachine);
    expect(missing, `transitions not driven through the page:\n${missing.join('\n')}`).toEqual([]);
  });
});
