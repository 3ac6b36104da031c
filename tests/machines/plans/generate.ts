/**
 * Test plans from the machines: for each machine, the model's edge paths (every
 * reachable state's shortest path, then each event from there; tests/machines/coverage.ts),
 * replayed on a real actor whose requests never settle (the path's own answers are sent as
 * events), then the fewest, shortest first, that together take every transition any of them
 * takes (coverAll). Each step is written as the user's step and the screen expected after it.
 */
import { createActor, fromPromise, initialTransition, transition, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { TestModel } from 'xstate/graph';
import { allTransitions, coverAll, edgePaths, transitionKey, type StepLike } from '../coverage';
import type { PlanSource, PlanStart, Event } from './sources';
import type { MachinePlan, PlanEvent } from './types';

interface NodeLike {
  path: string[];
  type: string;
  states: Record<string, NodeLike>;
  transitions: Map<string, unknown[]>;
  always?: unknown[];
}

/** A state node's key in a plan: its path below the machine, `(root)` for the machine itself. */
export const stateKey = (node: { path: readonly string[] }) => (node.path.length ? node.path.join('.') : '(root)');

/** Every state node of the machine, depth first, by plan key. */
export function stateKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: NodeLike) => {
    keys.push(stateKey(node));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as NodeLike);
  return keys;
}

/** Every event type some state of the machine handles (delayed and eventless transitions aside). */
export function eventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  const visit = (node: NodeLike) => {
    for (const type of node.transitions.keys()) types.add(type);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as NodeLike);
  return [...types];
}

export interface PlanStep {
  event: Event;
  /** The machine's context before the step (a step text may name what it holds, e.g. the open modal). */
  context: Record<string, unknown>;
  /** Plan keys of the active leaf states after the step. */
  leaves: string[];
}

export interface PlanPath {
  start: string;
  /** Leaves at the start (before the first step). */
  initial: string[];
  steps: PlanStep[];
  keys: Set<string>;
  reached: Set<string>;
}

export interface GeneratedPlan {
  paths: PlanPath[];
  states: { reached: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

type Candidate = { start: PlanStart; events: Event[] };

interface SnapshotLike {
  _nodes: Array<{ path: string[]; type: string }>;
}
/** The active leaf states, in the machine's own order (parallel regions as drawn, not as last entered). */
const leavesOf = (snapshot: unknown, order: readonly string[]) =>
  (snapshot as SnapshotLike)._nodes
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map(stateKey)
    .sort((a, b) => order.indexOf(a) - order.indexOf(b));

/**
 * The start alone (what happens at start, an eventless move to a final state, is a path of its
 * own), then every edge path of the model (TestModel drops a shortest path that is the prefix of
 * another: keep them all, so every state's events are tried). `first` holds, per move as the
 * plan reads it (the state before, the event with its data, the state after), its shortest path
 * and its longest (which takes the most on the way, so the cover needs fewer): the model's
 * states also differ by context, and replaying every edge of the largest graphs took most
 * of a minute for the same cover. `rest` holds the others, replayed only for a transition the
 * first ones miss (a guard that reads the context alone, e.g. the map's RECENTRE).
 */
function candidates(source: PlanSource, start: PlanStart): { first: Candidate[]; rest: Candidate[] } {
  const { machine } = source;
  let [from] = initialTransition(machine, start.input);
  for (const event of start.prefix ?? []) [from] = transition(machine, from, event as never);
  const model = new TestModel(machine, {
    input: start.input,
    fromState: from,
    events: start.events,
    serializeState: start.serialize,
  } as never);
  const edges = edgePaths(
    { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
    start.serialize,
    start.canHappen,
  );
  const valueOf = (state: unknown) => JSON.stringify((state as { value?: unknown } | undefined)?.value ?? null);
  const perMove = new Map<string, { shortest: StepLike[]; longest: StepLike[] }>();
  for (const steps of edges) {
    const before = steps.length > 1 ? valueOf(steps[steps.length - 2]!.state) : valueOf(from);
    const last = steps[steps.length - 1]!;
    const move = `${before} ${JSON.stringify(last.event)} ${valueOf(last.state)}`;
    const kept = perMove.get(move);
    perMove.set(move, { shortest: !kept || steps.length < kept.shortest.length ? steps : kept.shortest, longest: !kept || steps.length > kept.longest.length ? steps : kept.longest });
  }
  const firstPaths = new Set([...perMove.values()].flatMap(({ shortest, longest }) => [shortest, longest]));
  const asCandidate = (steps: StepLike[]): Candidate => ({ start, events: steps.map((s) => s.event as Event).filter((e) => e.type !== 'xstate.init') });
  return {
    first: [{ start, events: [] }, ...[...firstPaths].map(asCandidate)],
    rest: edges.filter((steps) => !firstPaths.has(steps)).map(asCandidate),
  };
}

/** The path on a real actor whose requests never settle: what each step took and where it landed. */
function replay(source: PlanSource, start: PlanStart, events: Event[]): PlanPath {
  const keys = new Set<string>();
  const reached = new Set<string>();
  const inspect = (e: InspectionEvent) => {
    if (e.type !== '@xstate.microstep') return;
    for (const node of (e.snapshot as unknown as SnapshotLike)._nodes) reached.add(stateKey(node));
    for (const t of (e as unknown as { _transitions: Array<{ eventType?: string; source: { path: string[] } }> })._transitions) {
      reached.add(stateKey(t.source));
      keys.add(transitionKey((t.eventType === undefined ? { ...t, eventType: '' } : t) as never));
    }
  };
  const never = fromPromise(() => new Promise<never>(() => {}));
  const actorNames = Object.keys((source.machine.implementations as { actors: Record<string, unknown> }).actors ?? {});
  const machine = source.machine.provide({ actors: Object.fromEntries(actorNames.map((name) => [name, never])) } as never);
  const actor = createActor(machine, { input: start.input, inspect } as never);
  actor.start();
  for (const node of (actor.getSnapshot() as unknown as SnapshotLike)._nodes) reached.add(stateKey(node));
  const order = stateKeys(source.machine);
  const initial = leavesOf(actor.getSnapshot(), order);
  const steps: PlanStep[] = [];
  for (const planned of [...(start.prefix ?? []), ...events]) {
    const context = actor.getSnapshot().context as Record<string, unknown>;
    const event = source.liveEvent ? source.liveEvent(planned as never, actor.getSnapshot() as never) : planned;
    actor.send(event as never);
    steps.push({ event, context, leaves: leavesOf(actor.getSnapshot(), order) });
  }
  actor.stop();
  return { start: start.label, initial, steps, keys, reached };
}

export function generatePlan(source: PlanSource): GeneratedPlan {
  const everyState = stateKeys(source.machine);
  const everyTransition = allTransitions(source.machine);
  const found = source.starts.map((start) => candidates(source, start));
  const all = found.flatMap(({ first }) => first).map(({ start, events }) => replay(source, start, events));
  const taken = new Set(all.flatMap((p) => [...p.keys]));
  for (const { start, events } of found.flatMap(({ rest }) => rest)) {
    if (everyTransition.every((k) => taken.has(k))) break;
    const path = replay(source, start, events);
    if (![...path.keys].some((k) => !taken.has(k))) continue;
    all.push(path);
    for (const k of path.keys) taken.add(k);
  }
  const chosen = coverAll(all, (p) => p.steps.length, (p) => p.keys);
  const reached = new Set(chosen.flatMap((p) => [...p.reached]));
  const covered = new Set(chosen.flatMap((p) => [...p.keys]));
  return {
    paths: chosen,
    states: { reached: everyState.filter((k) => reached.has(k)).length, total: everyState.length, missing: everyState.filter((k) => !reached.has(k)) },
    transitions: {
      covered: everyTransition.filter((k) => covered.has(k)).length,
      total: everyTransition.length,
      missing: everyTransition.filter((k) => !covered.has(k)),
    },
  };
}

export function stepText(plan: MachinePlan, event: Event, from: readonly string[], context: Record<string, unknown> = {}): string {
  const text = plan.events[event.type];
  if (text === undefined) return `(no step text for ${event.type})`;
  return typeof text === 'function' ? text(event as PlanEvent, from, context) : text;
}

export function screenText(plan: MachinePlan, leaves: string[]): string {
  return leaves.map((key) => plan.states[key]?.says ?? `(no description of ${key})`).join(' — and — ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The plan as Markdown a QA engineer follows by hand in a browser. */
export function renderPlan(plan: MachinePlan, generated: GeneratedPlan, file: string): string {
  const { states, transitions, paths } = generated;
  const lines = [
    `# Test plan: ${plan.title}`,
    '',
    `Generated by \`npm run paths\` from \`machines/${file}\` (the machine), its model in \`tests/machines\` and its texts in \`tests/machines/plans/${plan.machine}.plan.ts\`. Do not edit by hand: change the plan file and run \`npm run paths\` again.`,
    '',
    '## How to start',
    '',
    plan.start,
    '',
    '## Coverage',
    '',
    '| states reached | transitions covered | paths |',
    '|---|---|---|',
    `| ${states.reached}/${states.total} | ${transitions.covered}/${transitions.total} | ${paths.length} |`,
    '',
  ];
  if (states.missing.length) lines.push(`States no path reaches: ${states.missing.map((s) => `\`${s}\``).join(', ')}.`, '');
  if (transitions.missing.length) {
    lines.push('Transitions no path takes (the model does not produce the event there):', '');
    for (const t of transitions.missing) lines.push(`- \`${t}\``);
    lines.push('');
  }
  paths.forEach((path, i) => {
    lines.push(`## Path ${i + 1}`, '');
    const setup = plan.starts?.[path.start];
    lines.push(`Start: ${setup ?? path.start}`, '');
    lines.push(`Expect at the start: ${screenText(plan, path.initial)}`, '');
    path.steps.forEach((step, n) => {
      const before = n === 0 ? path.initial : path.steps[n - 1]!.leaves;
      const same = before.length === step.leaves.length && before.every((key, i) => key === step.leaves[i]);
      lines.push(`${n + 1}. ${stepText(plan, step.event, before, step.context)}`);
      lines.push(`   Expect${same ? ' (same screen)' : ''}: ${screenText(plan, step.leaves)}`);
    });
    if (path.steps.length === 0) lines.push('Nothing to do: check the screen above.');
    lines.push('');
  });
  return lines.join('\n');
}

export function coverageRow(plan: MachinePlan, generated: GeneratedPlan, link?: string): string {
  const name = link ? `[${cell(plan.title)}](${link})` : cell(plan.title);
  return `| ${name} | \`${plan.machine}\` | ${generated.states.reached}/${generated.states.total} | ${generated.transitions.covered}/${generated.transitions.total} | ${generated.paths.length} |`;
}
