/**
 * The API document (/api/docs) is fit for a business to build a client from: Redocly's
 * recommended rules find no error in it, every operation carries an operationId and the
 * security its route declares (plugins/access.ts), and a typed client generated from it with
 * openapi-typescript compiles against the types the browser itself uses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { refusalStatus, securitySchemesOf } from '../../src/server/plugins/access';
import { pgliteLeftOut, useTestApp } from './helper';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
}
interface Document {
  servers?: Array<{ url: string }>;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

// The document does not depend on the database: once, on PGlite.
describe.skipIf(pgliteLeftOut)('the API document', () => {
  const t = useTestApp('pglite', { startWorkers: false });
  const operations = () =>
    Object.entries((t.app.swagger() as unknown as Document).paths).flatMap(([url, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({ method, url, operation: item[method]! })),
    );

  it("passes Redocly's recommended rules with no error", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(t.app.swagger()),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.log(
      `\nRedocly recommended on /api/docs: ${errors.length} errors, ${warnings.length} warnings\n` +
        warnings.map((p) => `  warn ${p.ruleId}: ${p.location[0]?.pointer ?? ''}`).join('\n'),
    );
    expect(errors.map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('gives every operation a unique operationId and the security and refusals its route declares', () => {
    const declared = new Map(t.app.routeTable.map((route) => [`${route.method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`, route.access]));
    const ids = new Set<string>();
    const failures: string[] = [];
    for (const { method, url, operation } of operations()) {
      const access = declared.get(`${method} ${url}`);
      if (!access) {
        failures.push(`${method} ${url}: no route declares it`);
        continue;
      }
      if (!operation.operationId || ids.has(operation.operationId)) failures.push(`${method} ${url}: operationId ${operation.operationId}`);
      ids.add(operation.operationId ?? '');
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (JSON.stringify(schemes) !== JSON.stringify(securitySchemesOf(access))) failures.push(`${method} ${url}: security ${JSON.stringify(operation.security)}`);
      // A public route that identifies API keys refuses only a key it cannot resolve, with a 401.
      const refusal = access.callers[0] === 'public' ? 401 : refusalStatus(access);
      if (schemes.length > 0 && !operation.responses[String(refusal)]) failures.push(`${method} ${url}: no ${refusal} response`);
    }
    expect(failures).toEqual([]);
    expect(ids.size).toBeGreaterThan(90);
    expect((t.app.swagger() as unknown as Document).servers?.[0]?.url).toBe(t.config.publicUrl);
  });

  it('generates a typed client with openapi-typescript that compiles against the browser’s own types', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lagos-openapi-'));
    try {
      const generated = astToString(await openapiTS(t.app.swagger() as never));
      writeFileSync(path.join(dir, 'api.d.ts'), generated);
      const shared = fileURLToPath(new URL('../../src/shared/api.ts', import.meta.url)).replace(/\.ts$/, '');
      // What a business would write: typed paths, a request body and a response read from the
      // document, checked both ways against the types the product itself uses.
      writeFileSync(
        path.join(dir, 'usage.ts'),
        `import type { paths, operations } from './api';
import type { CurrentUser } from '${shared}';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Me = Json<paths['/api/users/me']['get']['responses'][200]>;
export const fromDocument = (me: Me): CurrentUser => me;
export const fromProduct = (me: CurrentUser): Me => me;
type Login = operations['postAuthLogin'];
export const body: Login['requestBody'] extends { content: { 'application/json': infer B } } ? B : never = { email: 'a@b.ng', password: 'x', 'h-captcha-response': 'x' } as never;
export const token: Json<Login['responses'][200]>['token'] = 'token';
export const denied: Json<paths['/api/companies/me']['get']['responses'][404]>['error']['field'] = 'alert';
`,
      );
      const program = ts.createProgram([path.join(dir, 'usage.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        allowImportingTsExtensions: true,
        types: [],
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
      expect(generated).toContain('getUsersMe');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
