/**
 * The console's closed door, read from the OpenAPI document: EVERY /api/ops/*
 * operation but the sign-in ones (/api/ops/auth/*) answers the four callers who are not staff
 * with exactly the 404 of a missing page. Routes added later are covered without editing this
 * file: they are in the document because every route declares its schema.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, nextIp, useTestApp } from './helper';
import { matrixCallers, type Caller } from './opsHelpers';

const NOT_FOUND = { error: { field: 'alert', message: 'Not found' } };
const OUTSIDERS: Caller[] = ['no token', 'rider', 'company', 'rider token as staff'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface OpenApi {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], unknown>>>;
}

describeEachDatabase('ops endpoints from the OpenAPI document', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('every /api/ops operation but the sign-in ones answers non-staff callers with the 404 of a missing page', async () => {
    const document = t.app.swagger() as unknown as OpenApi;
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/ops/') && !path.startsWith('/api/ops/auth/'))
      .flatMap(([path, item]) => METHODS.filter((m) => item[m] !== undefined).map((method) => ({ method, path })));
    // The staff and audit routes at least; the other console features add theirs.
    for (const known of ['get /api/ops/me', 'get /api/ops/staff', 'post /api/ops/staff', 'delete /api/ops/staff/{id}', 'get /api/ops/audit']) {
      expect(operations.map((o) => `${o.method} ${o.path}`)).toContain(known);
    }

    const headers = await matrixCallers(t);
    const failures: string[] = [];
    for (const { method, path } of operations) {
      // Path parameters get a well-formed id that names nothing: the guard must answer before any lookup.
      const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
      for (const caller of OUTSIDERS) {
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: headers[caller],
          remoteAddress: nextIp(),
          ...(method === 'get' ? {} : { payload: {} }),
        });
        const body = String(res.headers['content-type'] ?? '').includes('application/json') ? (res.json() as unknown) : res.body;
        if (res.statusCode !== 404 || JSON.stringify(body) !== JSON.stringify(NOT_FOUND)) {
          failures.push(`${method.toUpperCase()} ${path} as ${caller}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    console.log(
      `\nOps endpoints from the OpenAPI document [${kind}]: ${operations.length} operations × ${OUTSIDERS.length} non-staff callers = ${operations.length * OUTSIDERS.length} checks\n` +
        operations.map((o) => `  ${o.method.toUpperCase().padEnd(6)} ${o.path}`).join('\n'),
    );
    expect(failures).toEqual([]);
  });
});
