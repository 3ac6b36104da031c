/**
 * Every machine's transitions must all be driven through its real view, enforced.
 * This test finds every machine in machines/ by scanning (a machine added later is found the
 * same way: an exported `setup(...).createMachine(...)` or `createMachine(...)`), and for each
 * looks in the view tests (tests/web/**\/*.test.tsx) for the one that enforces it: a test that
 * imports the machine from its file, passes it to a TransitionRecorder's `report(title, machine)`
 * (tests/machines/coverage.ts, fed by the app's own actor through XState's inspection) and
 * expects the transitions it returns as never taken to be none, with nothing filtered out.
 * It fails, naming the machine, when there is no such test.
 *
 * A kit machine that several pages run, each sending only its own events (the verify step), may
 * be enforced in shares instead: each page's view test passes its share (tests/machines/
 * pageShares.ts) as report's third argument and expects nothing left of it, and the shares together
 * must hold every transition of the machine.
 *
 * A test that runs the machine on its own (tests/machines/*) does not count: it compares the
 * machine with itself. A machine derived with `.provide()` (e.g. machines/signup/accountStep.ts
 * from formMachine) has its base machine's transitions and is covered through that machine.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { allTransitions, type PageShare } from './coverage';

const ROOT = resolve(__dirname, '../..');

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}

interface MachineDef {
  /** machines/…, without the extension. */
  module: string;
  name: string;
}

/** Every machine defined in machines/: `export const X = setup(…)…createMachine(…)` or `= createMachine(…)`. */
function findMachines(root = ROOT): MachineDef[] {
  const defs: MachineDef[] = [];
  for (const file of walk(join(root, 'machines'))) {
    if (!/\.tsx?$/.test(file) || file.endsWith('.d.ts')) continue;
    const source = readFileSync(file, 'utf8');
    if (!source.includes('createMachine(')) continue;
    const module = relative(root, file).replace(/\.tsx?$/, '');
    const before = defs.length;
    for (const match of source.matchAll(/export\s+const\s+(\w+)\s*(?::[^=]+)?=\s*(?:setup\s*\(|createMachine\s*\()/g)) {
      defs.push({ module, name: match[1]! });
    }
    // A machine defined some other way is still a machine: it shows up, unnamed, and fails below
    // until this scan learns its shape.
    if (defs.length === before) defs.push({ module, name: '(a machine this scan cannot name)' });
  }
  return defs.sort((a, b) => `${a.module}:${a.name}`.localeCompare(`${b.module}:${b.name}`));
}

interface Enforcement {
  test: string;
  /** The title given to report(…). */
  title: string;
  /** Why it does not count, or null when it enforces. */
  problem: string | null;
  /** The page's share it enforces (report's third argument), as the module and the path to it; null for the whole machine. */
  share: { module: string; path: string[] } | null;
}

/** The names a test file imports from each module (resolved relative to the root, no extension). */
function importsOf(file: string, source: string): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const specifier = match[2]!;
    if (!specifier.startsWith('.')) continue;
    const module = relative(ROOT, resolve(dirname(file), specifier)).replace(/\.tsx?$/, '');
    const names = imports.get(module) ?? new Set<string>();
    for (const part of match[1]!.split(',')) {
      const [imported, local] = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (imported) names.add(`${imported}=>${local ?? imported}`);
    }
    imports.set(module, names);
  }
  return imports;
}

/**
 * How `report(…, local)` is used after `index`: enforced when its result is expected to equal []
 * directly, or through the variable it is assigned to; not when it is filtered first.
 */
function judge(source: string, index: number, callEnd: number): string | null {
  const after = source.slice(callEnd, callEnd + 40);
  if (/^\s*\.\s*filter\s*\(/.test(after)) return 'the transitions not taken are filtered before the check';
  const before = source.slice(Math.max(0, index - 200), index);
  // expect(recorder.report(…)).toEqual([])
  if (/expect\(\s*[\w.]+\s*$/.test(before)) {
    return /^\s*(?:,[^)]*)?\)\s*\.\s*toEqual\(\s*\[\s*\]\s*\)/.test(source.slice(callEnd, callEnd + 200))
      ? null
      : 'its result is not expected to be empty';
  }
  // const missing = recorder.report(…); … expect(missing …).toEqual([])
  const assigned = /(?:const|let)\s+(\w+)\s*=\s*[\w.]+\s*$/.exec(before);
  if (assigned) {
    const variable = assigned[1]!;
    const rest = source.slice(callEnd, callEnd + 1500);
    const check = new RegExp(`expect\\(\\s*${variable}\\b[^;]*?\\)\\s*\\.\\s*toEqual\\(\\s*\\[\\s*\\]\\s*\\)`);
    return check.test(rest) ? null : `'${variable}' is never expected to be empty`;
  }
  return 'its result is not checked';
}

/** Every report(…) of each machine in the view tests, with whether it enforces. */
function findEnforcements(machines: MachineDef[]): Map<string, Enforcement[]> {
  const found = new Map<string, Enforcement[]>(machines.map((m) => [`${m.module}:${m.name}`, []]));
  const tests = walk(join(ROOT, 'tests/web')).filter((f) => f.endsWith('.test.tsx') || f.endsWith('.test.ts'));
  for (const file of tests) {
    const source = readFileSync(file, 'utf8');
    const imports = importsOf(file, source);
    for (const machine of machines) {
      const names = imports.get(machine.module);
      const local = [...(names ?? [])].find((n) => n.startsWith(`${machine.name}=>`))?.split('=>')[1];
      if (!local) continue;
      const call = new RegExp(`\\.report\\(\\s*((?:'[^']*'|"[^"]*"|\`[^\`]*\`))\\s*,\\s*${local}\\s*(?:,\\s*([\\w.]+)\\s*)?\\)`, 'g');
      for (const match of source.matchAll(call)) {
        // A share: `name.path` where `name` is imported from a module.
        const [name, ...path] = match[2]?.split('.') ?? [];
        const from = name ? [...imports].find(([, names]) => [...names].some((n) => n.endsWith(`=>${name}`))) : undefined;
        const imported = from ? [...from[1]].find((n) => n.endsWith(`=>${name}`))!.split('=>')[0]! : '';
        found.get(`${machine.module}:${machine.name}`)!.push({
          test: relative(ROOT, file),
          title: match[1]!.slice(1, -1),
          problem: name && !from ? `its share ${match[2]} is not imported` : judge(source, match.index, match.index + match[0].length),
          share: from ? { module: from[0], path: [imported, ...path] } : null,
        });
      }
    }
  }
  return found;
}

describe('every machine has a view test that enforces its transitions', () => {
  const machines = findMachines();
  const enforcements = findEnforcements(machines);

  it('finds the machines by scanning machines/', () => {
    // The ones that existed when this test was written; more may come, none may go unnoticed.
    const names = machines.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['authMachine', 'formMachine', 'signupMachine', 'captchaPassMachine', 'opsSignInMachine']));
  });

  it('tells a check that enforces from one that does not', () => {
    const verdict = (source: string) => {
      const index = source.indexOf('recorder.report(') + 'recorder'.length;
      const end = source.indexOf(', m)', index) + ', m)'.length;
      return judge(source, index, end);
    };
    expect(verdict("expect(recorder.report('t', m)).toEqual([]);")).toBeNull();
    expect(verdict("const missing = recorder.report('t', m);\nexpect(missing, `left:\n${missing.join('\n')}`).toEqual([]);")).toBeNull();
    expect(verdict("const missing = recorder.report('t', m).filter((k) => !OK.includes(k));")).toMatch(/filtered/);
    expect(verdict("recorder.report('t', m);")).toMatch(/not checked/);
    expect(verdict("const missing = recorder.report('t', m);\nconsole.log(missing);")).toMatch(/never expected/);
    expect(verdict("expect(recorder.report('t', m).length).toBeGreaterThan(0);")).not.toBeNull();
  });

  it('prints, per machine, the view test that enforces it', () => {
    const rows = machines.map((m) => {
      const list = enforcements.get(`${m.module}:${m.name}`)!;
      const ok = list.find((e) => e.problem === null && e.share === null);
      const shares = list.filter((e) => e.problem === null && e.share !== null);
      return {
        machine: `${m.module}.ts ${m.name}`,
        status: ok
          ? `enforced by ${ok.test}`
          : shares.length
            ? `enforced in shares by ${shares.map((e) => `${e.test} (${e.share!.path.join('.')})`).join(', ')}`
            : list.length
              ? `NOT ENFORCED (${list.map((e) => `${e.test}: ${e.problem}`).join('; ')})`
              : 'NO VIEW TEST',
      };
    });
    const width = Math.max(...rows.map((r) => r.machine.length));
    console.log(['\nView coverage of the machines', ...rows.map((r) => `${r.machine.padEnd(width)}  ${r.status}`)].join('\n'));
    expect(rows.length).toBe(machines.length);
  });

  /** A page's share, from the module its test imports it from. */
  const loadShare = async ({ module, path }: { module: string; path: string[] }): Promise<PageShare> => {
    let value: unknown = await import(join(ROOT, module));
    for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
    expect(typeof (value as PageShare | undefined)?.reaches, `${module}: ${path.join('.')} is a page share`).toBe('function');
    return value as PageShare;
  };

  for (const machine of machines) {
    it(`${machine.module}.ts ${machine.name}: a view test fails on any transition not driven through the view`, async () => {
      const list = enforcements.get(`${machine.module}:${machine.name}`)!;
      const problems = list.map((e) => `${e.test} ('${e.title}'): ${e.problem ?? 'enforces'}`);
      if (list.some((e) => e.problem === null && e.share === null)) return;
      const shared = list.filter((e) => e.problem === null && e.share !== null);
      if (shared.length > 0) {
        // Enforced in shares: together they must hold every transition.
        const shares = await Promise.all(shared.map((e) => loadShare(e.share!)));
        const logic = ((await import(join(ROOT, machine.module))) as Record<string, AnyStateMachine>)[machine.name]!;
        const left = allTransitions(logic).filter((key) => !shares.some((share) => share.reaches(key)));
        expect(left, `transitions in no page's share (${shared.map((e) => e.test).join(', ')})`).toEqual([]);
        return;
      }
      expect(
        false,
        list.length === 0
          ? `no view test in tests/web passes ${machine.name} (imported from ${machine.module}) to a TransitionRecorder's report(…) and expects nothing left`
          : `no view test enforces it:\n${problems.join('\n')}`,
      ).toBe(true);
    });
  }
});
