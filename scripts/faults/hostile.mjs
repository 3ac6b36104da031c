// Generated hostile input over every operation of the app's OpenAPI document (GET /api/docs):
// wrong types, NUL characters, huge strings, odd unicode, missing and extra fields, broken JSON,
// broken multipart, hostile path parameters and tokens, sent signed out and as each kind of user.
// Fails on any 5xx, any /api answer of 400 or more outside {error:{field,message}}, and any
// request left without an answer.
import { call, isErrorShape, nextIp } from './lib.mjs';

// A small seeded generator, so a failing run can be replayed with the same FAULTS_SEED.
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x'.repeat(10_000),
  'ü'.repeat(3000),
  '😀'.repeat(500),
  '\ud800',
  '\u202e\u200b\ufeff',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  'null',
  '-1',
  '1e309',
  '0000',
  'not-an-email',
  'a@b.c',
  '2030-02-30',
  '00000000-0000-0000-0000-000000000000',
];
const VALUES = [null, true, false, 0, -1, 1.5, 2 ** 53 + 1, 1e308, [], [1, 'a'], {}, { $gt: '' }, { __proto__: { admin: true } }];
const PATH_VALUES = ['%00', 'a%00b', '..%2F..%2Fetc', '%E0%A4%A', '%ff', 'x'.repeat(150), '-1', '0', '00000000-0000-0000-0000-000000000000', 'null', '%20', '😀', "'%20OR%201=1"];
const TOKENS = ['', 'garbage', 'Bearer x', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'x'.repeat(9000), '\u00ff'];

/** encodeURIComponent, with a lone surrogate (which it refuses) sent as a raw %ED%A0%80. */
function encode(value) {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function pick(r, list) {
  return list[Math.floor(r() * list.length)];
}

function hostileValue(r, schema) {
  const roll = r();
  if (roll < 0.35) return pick(r, STRINGS);
  if (roll < 0.6) return pick(r, VALUES);
  // A plausible value of the declared type, sometimes too long.
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'integer' || type === 'number') return Math.floor(r() * 1000) - 10;
  if (type === 'array') return [hostileValue(r, schema.items ?? {})];
  if (type === 'object') return hostileBody(r, schema);
  if (schema?.enum) return pick(r, schema.enum);
  const max = schema?.maxLength ?? 50;
  return 'ab'.repeat(Math.ceil((r() < 0.3 ? max + 1 : Math.min(max, 12)) / 2)).slice(0, r() < 0.3 ? max + 1 : Math.min(max, 12));
}

function hostileBody(r, schema) {
  const props = schema?.properties ?? {};
  const out = {};
  for (const [name, sub] of Object.entries(props)) {
    if (r() < 0.2) continue; // missing
    out[name] = hostileValue(r, sub);
  }
  if (r() < 0.2) out[pick(r, ['extra', '__proto__', 'constructor', 'a\u0000'])] = pick(r, STRINGS);
  return out;
}

function multipartBody(r) {
  const boundary = '----faults' + Math.floor(r() * 1e9);
  const variants = [
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot a jpeg\r\n--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\x00\x00\r\n`, // truncated, no closing boundary
    `--${boundary}\r\nContent-Disposition: form-data; name="first_name"\r\n\r\na\u0000b\r\n--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n${'y'.repeat(5000)}\r\n--${boundary}--\r\n`,
    `garbage without boundaries`,
    `--${boundary}--\r\n`,
  ];
  return { body: pick(r, variants), contentType: r() < 0.8 ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data' };
}

/** The operations of the document: method, path template, body schema, path parameter names. */
export function operationsOf(doc) {
  const ops = [];
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        path: p,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        params: (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name),
        query: (op.parameters ?? []).filter((x) => x.in === 'query'),
        // Statuses documented as an HTML page (the unsubscribe link opened from an e-mail).
        htmlStatuses: new Set(
          Object.entries(op.responses ?? {})
            .filter(([, r]) => r.content && 'text/html' in r.content)
            .map(([status]) => Number(status)),
        ),
      });
    }
  }
  return ops;
}

function makeRequest(r, op, auth) {
  let url = op.path.replace(/\{([^}]+)\}/g, () => (r() < 0.7 ? pick(r, PATH_VALUES) : encode(pick(r, STRINGS).slice(0, 60))));
  const query = op.query.length > 0 && r() < 0.6 ? op.query : r() < 0.2 ? [{ name: pick(r, ['q', 'page', 'limit', 'a\u0000']) }] : [];
  if (query.length > 0) {
    const qs = query
      .filter(() => r() < 0.8)
      .map((q) => `${encode(q.name)}=${r() < 0.5 ? encode(String(hostileValue(r, q.schema ?? {}))).slice(0, 3000) : pick(r, PATH_VALUES)}`)
      .join('&');
    if (qs) url += `?${qs}`;
  }
  const options = { ip: nextIp(), headers: {} };
  // Whose request: signed out, a hostile token, or a real rider, company or staff member.
  const who = r();
  const safeToken = !/logout|account|password|me$/.test(op.path) || op.method === 'GET';
  if (who < 0.3) {
    options.headers['x-auth-token'] = pick(r, TOKENS);
    if (r() < 0.5) options.headers['x-ops-token'] = pick(r, TOKENS);
  } else if (who < 0.75 && safeToken) {
    const a = pick(r, auth);
    Object.assign(options, a);
  }
  if (op.method !== 'GET' && op.method !== 'DELETE' || (op.method === 'DELETE' && op.body)) {
    const form = r();
    if (form < 0.55) options.json = op.body ? hostileBody(r, op.body) : pick(r, [{}, { a: 1 }, [], 'x', null]);
    else if (form < 0.7) {
      options.body = pick(r, ['{', '{"a":', '[1,', 'nul', '\u0000', '{"a":"\\u0000"}', '{"__proto__":{"x":1}}', '{"a":1}'.repeat(3)]);
      options.headers['content-type'] = 'application/json';
    } else if (form < 0.8) {
      const m = multipartBody(r);
      options.body = m.body;
      options.headers['content-type'] = m.contentType;
    } else if (form < 0.87) {
      options.body = 'x'.repeat(1024 * 1024 + 10); // over the 1 MB body limit
      options.headers['content-type'] = 'application/json';
    } else if (form < 0.94) {
      options.body = 'a=1&b=%00';
      options.headers['content-type'] = pick(r, ['application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'application/json; charset=utf-7']);
    } else {
      options.body = JSON.stringify(op.body ? hostileBody(r, op.body) : {});
      options.headers['content-type'] = 'application/json';
      options.headers['content-encoding'] = pick(r, ['gzip', 'br', 'identity']);
    }
  }
  return { url, options };
}

/**
 * Sends `total` generated requests, `concurrency` at a time, round-robin over the operations.
 * `auth`: request options of real users ({ token } / { staffToken }).
 */
export async function hostileRun(origin, doc, { total, concurrency = 16, seed = 1, auth = [] }) {
  const r = rng(seed);
  const ops = operationsOf(doc);
  const failures = [];
  const statuses = {};
  let sent = 0;
  let badCount = 0;
  const badByOp = {};
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < total) {
      const i = next;
      next += 1;
      const op = ops[i % ops.length];
      const { url, options } = makeRequest(r, op, auth);
      const res = await call(origin, op.method, url, { ...options, timeoutMs: 30_000 });
      sent += 1;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const api = op.path.startsWith('/api/');
      const page = op.htmlStatuses.has(res.status) && /^text\/html/.test(res.headers.get('content-type') ?? '');
      const bad = res.status === 0 || res.status >= 500 || (api && res.status >= 400 && !page && !isErrorShape(res.body));
      if (bad) {
        badCount += 1;
        const key = `${res.status} ${op.method} ${op.path}`;
        badByOp[key] = (badByOp[key] ?? 0) + 1;
      }
      if (bad && failures.length < 200) failures.push({ op: `${op.method} ${op.path}`, url: url.slice(0, 200), status: res.status, body: (res.text || res.error || '').slice(0, 300) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sent, bad: badCount, badByOp, operations: ops.length, failures, statuses, seconds: (Date.now() - started) / 1000 };
}
