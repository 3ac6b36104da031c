/**
 * The build step that puts each message into the chunk that shows it: what a page
 * shows must be exactly the catalogue's text, and a module it cannot rewrite keeps its import.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { inlineMessages, readCatalogue } from '../../scripts/inlineMessages';
import { messages } from '../../src/shared/messages';

const source = fs.readFileSync(path.resolve('src/shared/messages.ts'), 'utf8');
const catalogue = readCatalogue(source);
const here = path.resolve('src/web/features/x/View.tsx');

/** Evaluates an inlined value (TypeScript) as the browser would. */
function run(expression: string): unknown {
  const js = ts.transpileModule(`export default ${expression};`, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
  const module = { exports: {} as { default?: unknown } };
  new Function('module', 'exports', js)(module, module.exports);
  return module.exports.default;
}

describe('inlineMessages', () => {
  it('reads every key of the catalogue, each value the same as at run time', () => {
    expect([...catalogue.keys()].sort()).toEqual(Object.keys(messages).sort());
    expect(run(catalogue.get('invalidEmail')!)).toBe(messages.invalidEmail);
    const tooMany = run(catalogue.get('tooManyRequests')!) as (s: number) => string;
    expect(tooMany(1)).toBe(messages.tooManyRequests(1));
    expect(tooMany(30)).toBe(messages.tooManyRequests(30));
  });

  it('replaces messages.key with the value and drops the import', () => {
    const code = [
      "import { messages } from '../../../shared/messages';",
      'export const a = messages.invalidEmail;',
      'export const b = (n: number) => messages.tooManyRequests(n);',
    ].join('\n');
    const result = inlineMessages(code, here, catalogue);
    expect(result && 'code' in result).toBe(true);
    const out = (result as { code: string }).code;
    expect(out).not.toContain('shared/messages');
    expect(out).toContain(JSON.stringify(messages.invalidEmail).slice(1, -1));
    const b = run(`(() => { ${out.replace(/export const/g, 'const')}; return b; })()`) as (n: number) => string;
    expect(b(5)).toBe(messages.tooManyRequests(5));
  });

  it('keeps the other names of the import', () => {
    const code = "import { messages, type Messages } from '../../../shared/messages';\nexport const a: Messages['fieldRequired'] = messages.fieldRequired;";
    const out = (inlineMessages(code, here, catalogue) as { code: string }).code;
    expect(out).toContain("import { type Messages } from '../../../shared/messages';");
    expect(out).not.toMatch(/messages\.fieldRequired/);
  });

  it('leaves a module that uses the whole catalogue as it is', () => {
    const code = "import { messages } from '../../../shared/messages';\nexport const all = Object.keys(messages);";
    expect(inlineMessages(code, here, catalogue)).toEqual({ kept: expect.stringContaining('uses messages') as unknown });
  });

  it('ignores modules that do not import the catalogue', () => {
    expect(inlineMessages("import { x } from './other';\nexport const y = x.messages;", here, catalogue)).toBeNull();
  });
});
