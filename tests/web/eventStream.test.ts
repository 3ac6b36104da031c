// @vitest-environment jsdom
/**
 * The fetch-streaming server-sent events reader (src/web/kit/http/eventStream.ts) and the board's
 * live feed on it (src/web/features/ops/useDispatchBoard.ts deliveryFeed), against a stand-in
 * stream at the network edge: globalThis.fetch answers with a ReadableStream the test writes to,
 * split at awkward places as a real network splits it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { OPS_TOKEN_KEY } from '../../src/shared/opsForms';
import { EventStreamUnavailable, readEventStream, type StreamMessage } from '../../src/web/kit/http/eventStream';
import { deliveryFeed, DELIVERY_EVENTS_URL } from '../../src/web/features/ops/useDispatchBoard';

const realFetch = globalThis.fetch;
const encoder = new TextEncoder();

interface StandIn {
  requests: Array<{ url: string; headers: Headers; signal: AbortSignal | null | undefined }>;
  write(text: string): void;
  end(): void;
  breakConnection(): void;
}

/** fetch answers every request with `status` and, when 200, an event stream the test writes. */
function standIn(status = 200, contentType = 'text/event-stream'): StandIn {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const requests: StandIn['requests'] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), headers: new Headers(init?.headers), signal: init?.signal });
    init?.signal?.addEventListener('abort', () => {
      try {
        controller.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // already closed
      }
    });
    if (status !== 200) return new Response(JSON.stringify({ error: { field: 'alert', message: 'Not found' } }), { status, headers: { 'content-type': 'application/json' } });
    return new Response(body, { status, headers: { 'content-type': contentType } });
  }) as typeof fetch;
  return {
    requests,
    write: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    breakConnection: () => controller.error(new TypeError('network error')),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => window.localStorage.setItem(OPS_TOKEN_KEY, 'staff-token'));
afterEach(() => {
  globalThis.fetch = realFetch;
  window.localStorage.clear();
});

describe('readEventStream', () => {
  it('calls back once per message, across chunks, skipping pings, and resolves when the server ends the stream', async () => {
    const net = standIn();
    const messages: StreamMessage[] = [];
    let opened = 0;
    const done = readEventStream('/api/x', { headers: { 'x-ops-token': 't' }, onOpen: () => opened++, onMessage: (m) => messages.push(m) });
    await tick();
    expect(opened).toBe(1);
    expect(net.requests[0]!.headers.get('x-ops-token')).toBe('t');
    expect(net.requests[0]!.headers.get('accept')).toBe('text/event-stream');
    net.write(': ping\n\n');
    net.write('event: delivery\ndata: {"id":"a",');
    await tick();
    expect(messages).toEqual([]);
    net.write('"status":"booked"}\r\n\r\nevent: delivery\ndata: {"id":"b"}\n\n: ping\n\n');
    net.write('data: line one\ndata: line two\n\n');
    net.end();
    await done;
    expect(messages).toEqual([
      { event: 'delivery', data: '{"id":"a","status":"booked"}', id: null },
      { event: 'delivery', data: '{"id":"b"}', id: null },
      { event: 'message', data: 'line one\nline two', id: null },
    ]);
  });

  it('rejects with EventStreamUnavailable when the route answers 404 (not a stream)', async () => {
    standIn(404);
    await expect(readEventStream('/api/x', { onMessage: () => {} })).rejects.toBeInstanceOf(EventStreamUnavailable);
  });

  it('rejects when the answer is not an event stream', async () => {
    standIn(200, 'application/json');
    await expect(readEventStream('/api/x', { onMessage: () => {} })).rejects.toMatchObject({ status: 200 });
  });

  it('rejects when the connection drops mid-stream', async () => {
    const net = standIn();
    const done = readEventStream('/api/x', { onMessage: () => {} });
    await tick();
    net.breakConnection();
    await expect(done).rejects.toThrow('network error');
  });

  it('ends quietly when aborted', async () => {
    standIn();
    const controller = new AbortController();
    const done = readEventStream('/api/x', { signal: controller.signal, onMessage: () => {} });
    await tick();
    controller.abort();
    await expect(done).resolves.toBeUndefined();
  });
});

describe("the board's live feed", () => {
  /** A parent that records what the feed sends back. */
  function feedParent() {
    const received: Array<{ type: string; message?: unknown }> = [];
    const parent = createMachine({
      invoke: { id: 'feed', src: deliveryFeed },
      on: { '*': { actions: ({ event }) => received.push(event as never) } },
    });
    const actor = createActor(parent);
    actor.start();
    return { actor, received };
  }

  it('asks the events route with the staff token, reports open, each delivery message, then down when the server ends it', async () => {
    const net = standIn();
    const { actor, received } = feedParent();
    await tick();
    expect(net.requests[0]!.url).toBe(DELIVERY_EVENTS_URL);
    expect(net.requests[0]!.headers.get('x-ops-token')).toBe('staff-token');
    net.write(': ping\n\nevent: delivery\ndata: {"id":"d1","reference":"OGB-1","status":"assigned","at":"2026-11-28T10:00:00.000Z"}\n\n');
    net.write('event: other\ndata: {"id":"ignored"}\n\nevent: delivery\ndata: not json\n\n');
    await tick();
    net.end();
    await tick();
    await tick();
    expect(received.map((e) => e.type)).toEqual(['FEED_OPEN', 'FEED_EVENT', 'FEED_DOWN']);
    expect(received[1]!.message).toEqual({ id: 'd1', reference: 'OGB-1', status: 'assigned', at: '2026-11-28T10:00:00.000Z' });
    actor.stop();
  });

  it('reports down at once when the route is not there (404)', async () => {
    standIn(404);
    const { actor, received } = feedParent();
    await tick();
    await tick();
    expect(received.map((e) => e.type)).toEqual(['FEED_DOWN']);
    actor.stop();
  });

  it('stopping the board aborts the request and reports nothing more', async () => {
    const net = standIn();
    const { actor, received } = feedParent();
    await tick();
    actor.stop();
    await tick();
    expect(net.requests[0]!.signal?.aborted).toBe(true);
    expect(received.map((e) => e.type)).toEqual(['FEED_OPEN']);
  });
});
