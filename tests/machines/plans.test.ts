/**
 * The test plans cannot drift from the machines: every state node of every machine
 * (read from machine.root, recursively) has a description and a story, no description names a
 * state that is gone, and every event type a machine handles has a step text. The generated
 * plans (docs/test-plans, `npm run paths`) are then whole: no "(no description …)" in them.
 */
import { readdirSync } from 'node:fs';
import { basename, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventTypes, generatePlan, renderPlan, stateKeys } from './plans/generate';
import { plannedMachines } from './plans';
import { planSources } from './plans/sources';

// Every machine file, in whichever feature folder (or the kit) it lives.
const allFiles = readdirSync(new URL('../../machines', import.meta.url), { recursive: true, encoding: 'utf8' }).map((f) => f.split(sep).join('/'));
const machineFiles = allFiles.filter((f) => /Machine\.ts$/.test(f)).map((f) => basename(f, '.ts'));
// The step machines (machines/signup/*Step.ts, and the kit's verify step; step 1 is formMachine's, accountStep).
const stepFiles = allFiles.filter((f) => /^(signup|kit)\/\w+Step\.ts$/.test(f) && f !== 'signup/accountStep.ts').map((f) => basename(f, '.ts'));

describe('test plans', () => {
  it('every machine in machines/ has a plan and a path source', () => {
    expect(plannedMachines.map((p) => p.plan.machine).sort()).toEqual([...machineFiles, ...stepFiles].sort());
    expect(Object.keys(planSources).sort()).toEqual([...machineFiles, ...stepFiles].sort());
    for (const { machine, plan } of plannedMachines) expect(planSources[plan.machine]!.machine, plan.machine).toBe(machine);
  });

  for (const { machine, plan } of plannedMachines) {
    describe(plan.machine, () => {
      it('describes every state, and no state that is gone', () => {
        const keys = stateKeys(machine);
        const described = Object.keys(plan.states);
        expect(keys.filter((k) => !described.includes(k)), 'states with no description').toEqual([]);
        expect(described.filter((k) => !keys.includes(k)), 'descriptions of states that do not exist').toEqual([]);
        for (const key of keys) expect(plan.states[key]!.says.trim().length, key).toBeGreaterThan(10);
      });

      it('has a step text for every event type the machine handles, and none for events it does not', () => {
        const types = eventTypes(machine);
        const texts = Object.keys(plan.events);
        expect(types.filter((t) => !texts.includes(t)), 'events with no step text').toEqual([]);
        expect(texts.filter((t) => !types.includes(t)), 'step texts for events the machine does not handle').toEqual([]);
      });

      it('has a set-up text for every way its generated paths start', () => {
        const labels = planSources[plan.machine]!.starts.map((s) => s.label);
        if (labels.length > 1 || plan.starts) expect(labels.filter((l) => !plan.starts?.[l])).toEqual([]);
      });
    });
  }

  it('writes a plan a tester can follow: how to start, the coverage table, numbered steps each with the screen to expect', () => {
    const { plan } = plannedMachines.find((p) => p.plan.machine === 'rowActionMachine')!;
    const markdown = renderPlan(plan, generatePlan(planSources.rowActionMachine!), 'kit/rowActionMachine.ts');
    expect(markdown).toContain('## How to start');
    expect(markdown).toContain('| 4/4 | 7/7 |');
    expect(markdown).toMatch(/## Path 1\n\nStart: .+\n\nExpect at the start: The rows with their action buttons/);
    expect(markdown).toContain('1. Press "Unsubscribe" on the row of ada@example.com (Newsletter)\n   Expect: The dialog naming the row');
  });

  // Every generated plan whole: every step and screen has its text, every state and transition on a path.
  // (The sign-up wizard's orchestrator and its step machines are explored apart, each in seconds.)
  for (const { plan } of plannedMachines) {
    it(`${plan.machine}: the generated plan is whole and reaches every state and transition`, () => {
      const generated = generatePlan(planSources[plan.machine]!);
      const markdown = renderPlan(plan, generated, `${plan.machine}.ts`);
      expect(markdown).not.toMatch(/\(no (description|step text)/);
      expect(generated.states.missing).toEqual([]);
      expect(generated.transitions.missing).toEqual([]);
      // The largest models take 15-20 s alone on 2 cores, a minute beside other test files.
    }, 180_000);
  }
});
