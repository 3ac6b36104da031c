// @vitest-environment jsdom
/**
 * The browser's error-reporting client with the spec's limits: buffer
 * limit 20 (the oldest dropped), event depth 5, 5 s send timeout; scrubbed before sending; window
 * errors and unhandled rejections sent to POST /api/client-errors in batches; Sentry loaded only
 * on the first error when the config names a DSN, and started with the same limits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_REPORT_BUFFER_LIMIT,
  ERROR_REPORT_EVENT_DEPTH,
  ERROR_REPORT_SEND_TIMEOUT_MS,
  type ErrorReportBatch,
} from '../../src/shared/errorReports';
import { createErrorReporter, type ErrorReporter, type ReporterOptions } from '../../src/web/kit/errorReporting/reporter';

const sentryMock = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  makeFetchTransport: vi.fn(() => ({ send: vi.fn(), flush: vi.fn() })),
}));
vi.mock('@sentry/browser', () => sentryMock);

let fetchMock: ReturnType<typeof vi.fn>;
let reporter: ErrorReporter | null = null;

function start(options: Partial<ReporterOptions> = {}): ErrorReporter {
  reporter = createErrorReporter({ window, ...options });
  return reporter;
}

function sentBatches(): ErrorReportBatch[] {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string) as ErrorReportBatch);
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  window.fetch = fetchMock as unknown as typeof fetch;
  window.history.replaceState({}, '', '/rider-dashboard');
});

afterEach(() => {
  reporter?.uninstall();
  reporter = null;
  vi.useRealTimers();
});

describe('error reporter', () => {
  it('sends an uncaught window error to /api/client-errors with fetch keepalive', async () => {
    start({ route: () => '/rider-dashboard', release: 'r1' });
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x is undefined' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/client-errors');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    expect(sentBatches()[0]!.events).toEqual([
      expect.objectContaining({ kind: 'error', name: 'TypeError', message: 'x is undefined', url: '/rider-dashboard', route: '/rider-dashboard', release: 'r1' }),
    ]);
  });

  it('sends an unhandled rejection, its non-Error reason as data', async () => {
    start();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: { code: 7 } }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sentBatches()[0]!.events[0]).toMatchObject({ kind: 'unhandledrejection', message: 'Non-Error value', data: '{"code":7}' });
  });

  it(`buffers at most ${ERROR_REPORT_BUFFER_LIMIT} events, dropping the oldest`, async () => {
    const r = start();
    for (let i = 0; i < 25; i++) r.capture(new Error(`e${i}`), 'error');
    expect(r.pending()).toHaveLength(ERROR_REPORT_BUFFER_LIMIT);
    expect(r.pending()[0]!.message).toBe('e5');
    await r.flush();
    const events = sentBatches().flatMap((b) => b.events);
    expect(events).toHaveLength(20);
    expect(events.map((e) => e.message)).toEqual(Array.from({ length: 20 }, (_, i) => `e${i + 5}`));
  });

  it(`serialises event data to depth ${ERROR_REPORT_EVENT_DEPTH}`, async () => {
    const r = start();
    r.capture({ a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }, 'unhandledrejection');
    await r.flush();
    expect(JSON.parse(sentBatches()[0]!.events[0]!.data!)).toEqual({ a: { b: { c: { d: { e: '[Object]' } } } } });
  });

  it(`aborts a send after ${ERROR_REPORT_SEND_TIMEOUT_MS / 1000} s`, async () => {
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          signal = init.signal!;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const r = start();
    r.capture(new Error('slow'), 'error');
    let done = false;
    void r.flush().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(ERROR_REPORT_SEND_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(done).toBe(true);
  });

  it('scrubs e-mail addresses, phone numbers, tokens and query strings before sending', async () => {
    window.history.replaceState({}, '', '/login?email=ada%40example.com#token=abc');
    const r = start();
    r.capture(new Error('no account for ada@example.com / 0803 123 4567 / eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig'), 'error');
    await r.flush();
    const body = (fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string;
    for (const secret of ['ada@example.com', 'ada%40example.com', '0803 123 4567', 'eyJhbGci', '?email', '#token']) expect(body).not.toContain(secret);
    expect(sentBatches()[0]!.events[0]).toMatchObject({ url: '/login', message: 'no account for [email] / [phone] / [token]' });
  });

  it('reports one error object once (router page and chunk loader see the same error)', async () => {
    const r = start();
    const error = new Error('Loading chunk failed');
    r.capture(error, 'chunk');
    r.capture(error, 'router');
    await r.flush();
    expect(sentBatches()[0]!.events.map((e) => e.kind)).toEqual(['chunk']);
  });

  it('splits a batch that would pass the 16 kB body limit', async () => {
    const r = start();
    for (let i = 0; i < 20; i++) r.capture(Object.assign(new Error(`e${i}`), { stack: 's'.repeat(1_900) }), 'error');
    await r.flush();
    expect(fetchMock.mock.calls.length).toBeGreaterThan(1);
    for (const [, init] of fetchMock.mock.calls as [string, RequestInit][]) expect((init.body as string).length).toBeLessThanOrEqual(16 * 1024);
    expect(sentBatches().flatMap((b) => b.events)).toHaveLength(20);
  });

  it('sends what is buffered with sendBeacon when the page is hidden for good', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { value: beacon, configurable: true });
    const r = start();
    r.capture(new Error('leaving'), 'error');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/client-errors');
    vi.useRealTimers();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(text)).toMatchObject({ events: [{ message: 'leaving' }] });
    expect(r.pending()).toHaveLength(0);
    delete (window.navigator as { sendBeacon?: unknown }).sendBeacon;
  });

  it('with a Sentry DSN, loads Sentry only at the first error and forwards to it instead', async () => {
    const forwarder = { capture: vi.fn() };
    const loadSentry = vi.fn(() => Promise.resolve(forwarder));
    const r = start({ sentryDsn: () => Promise.resolve('https://k@o1.ingest.sentry.io/1'), loadSentry });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(loadSentry).not.toHaveBeenCalled();
    const error = new Error('boom');
    r.capture(error, 'error');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(loadSentry).toHaveBeenCalledTimes(1);
    expect(forwarder.capture).toHaveBeenCalledWith(error, expect.objectContaining({ kind: 'error', message: 'boom' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without a DSN, does not load Sentry', async () => {
    const loadSentry = vi.fn();
    const r = start({ sentryDsn: () => Promise.resolve(undefined), loadSentry });
    r.capture(new Error('x'), 'error');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(loadSentry).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('startSentry', () => {
  it('starts Sentry with the same limits, a 5 s transport timeout and scrubbing', async () => {
    const { startSentry } = await import('../../src/web/kit/errorReporting/sentry');
    const forwarder = startSentry('https://k@o1.ingest.sentry.io/1', 'r1');
    const options = sentryMock.init.mock.calls[0]![0] as {
      maxBreadcrumbs: number;
      normalizeDepth: number;
      transport: (o: object) => unknown;
      integrations: (d: { name: string }[]) => { name: string }[];
      beforeSend: (e: Record<string, unknown>) => Record<string, unknown>;
    };
    expect(options).toMatchObject({ dsn: 'https://k@o1.ingest.sentry.io/1', release: 'r1', maxBreadcrumbs: 20, normalizeDepth: 5, sendDefaultPii: false });
    expect(options.integrations([{ name: 'GlobalHandlers' }, { name: 'Breadcrumbs' }]).map((i) => i.name)).toEqual(['Breadcrumbs']);

    options.transport({ url: 'x' });
    const [transportOptions, timedFetch] = sentryMock.makeFetchTransport.mock.calls[0] as unknown as [{ bufferSize: number }, typeof fetch];
    expect(transportOptions.bufferSize).toBe(20);
    let signal: AbortSignal | undefined;
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((_u: unknown, init: RequestInit) => {
      signal = init.signal!;
      return new Promise(() => {});
    }) as typeof fetch;
    void timedFetch('https://o1.ingest.sentry.io/api/1/envelope/', {});
    await vi.advanceTimersByTimeAsync(4_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    globalThis.fetch = realFetch;

    const event = options.beforeSend({
      message: 'for a@b.co',
      exception: { values: [{ value: 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig' }] },
      request: { url: 'https://x.ng/login?email=a@b.co', query_string: 'email=a@b.co', headers: { a: 'b' } },
      user: { email: 'a@b.co' },
    });
    expect(JSON.stringify(event)).not.toContain('a@b.co');
    expect(event).toMatchObject({ message: 'for [email]', request: { url: '/login' } });

    forwarder.capture(new Error('x'), { kind: 'router', message: 'x', url: '/', timestamp: 1 });
    expect(sentryMock.captureException).toHaveBeenCalledWith(expect.any(Error), expect.objectContaining({ tags: { kind: 'router' } }));
  });
});

describe('installErrorReporting (the part in the first chunk)', () => {
  beforeEach(() => {
    vi.useRealTimers();
    vi.resetModules();
    vi.stubEnv('VITE_REPORT_ERRORS', '1');
    vi.doMock('../../src/web/kit/http/client', () => ({
      loadPublicConfig: () => Promise.resolve({ captcha: { siteKey: 'k', scriptUrl: 'u' }, googleSignIn: false }),
    }));
  });
  afterEach(() => {
    vi.doUnmock('../../src/web/kit/errorReporting/reporter');
    vi.unstubAllEnvs();
  });

  it('does nothing before an error, then loads the reporter and sends window errors and reportError calls', async () => {
    const { installErrorReporting, reportError } = await import('../../src/web/kit/errorReporting');
    const route = vi.fn(() => '/login');
    installErrorReporting(route);
    expect(route).not.toHaveBeenCalled();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('from the window'), message: 'from the window' }));
    const chunkError = new Error('Loading chunk failed');
    reportError(chunkError, 'chunk');
    reportError(chunkError, 'router');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 4_000 });
    expect(sentBatches().flatMap((b) => b.events)).toEqual([
      expect.objectContaining({ kind: 'error', message: 'from the window', route: '/login', url: '/rider-dashboard' }),
      expect.objectContaining({ kind: 'chunk', message: 'Loading chunk failed', route: '/login' }),
    ]);
  });

  it('sends a bare event (kind, name, route pattern; no text of the error) when the reporter cannot load', async () => {
    vi.doMock('../../src/web/kit/errorReporting/reporter', () => {
      throw new Error('Loading chunk failed');
    });
    const { installErrorReporting, reportError } = await import('../../src/web/kit/errorReporting');
    installErrorReporting(() => '/company-dashboard/riders/$username');
    reportError(new TypeError('secret a@b.co'), 'router');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 4_000 });
    const body = (fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string;
    expect(body).not.toContain('a@b.co');
    expect(JSON.parse(body)).toMatchObject({
      events: [{ kind: 'router', name: 'TypeError', url: '/company-dashboard/riders/$username', message: 'Error report code did not load' }],
    });
  });
});
