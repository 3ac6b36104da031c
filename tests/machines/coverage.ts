/**
 * Transition coverage for model-based tests: lists every transition a machine defines
 * and records the ones an actor actually took (through XState's inspection API), so a
 * test can print what was covered and fail on anything that never ran.
 */
import type { AnyActorLogic, AnyStateMachine, InspectionEvent } from 'xstate';

interface TransitionLike {
  source: { id: string };
  eventType: string;
  guard?: unknown;
  target?: ReadonlyArray<{ id: string }>;
}
interface NodeLike {
  id: string;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  states: Record<string, NodeLike>;
}

function guardName(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

export function transitionKey(t: TransitionLike): string {
  const target = t.target?.map((n) => n.id.replace(/^[^.]+\./, '')).join(',') || '(stay)';
  const source = t.source.id.replace(/^[^.]+\.?/, '') || '(root)';
  const event = t.eventType === '' ? 'always' : t.eventType;
  const guard = guardName(t.guard);
  return `${source} --${event}${guard ? `[${guard}]` : ''}--> ${target}`;
}

export function allTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: NodeLike) => {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t));
    for (const t of node.always ?? []) keys.push(transitionKey({ ...t, eventType: '' }));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as NodeLike);
  return [...new Set(keys)];
}

export class TransitionRecorder {
  readonly taken = new Map<string, number>();
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep') return;
    const transitions = (event as unknown as { _transitions: TransitionLike[] })._transitions;
    for (const t of transitions) {
      const key = transitionKey(t.eventType === undefined ? { ...t, eventType: '' } : t);
      this.taken.set(key, (this.taken.get(key) ?? 0) + 1);
    }
  };

  /** Prints the table and returns the transitions never taken (of the page's share, when given). */
  report(title: string, machine: AnyStateMachine, share?: PageShare): string[] {
    const all = allTransitions(machine).filter((key) => share?.reaches(key) ?? true);
    const rows = all.map((key) => ({ transition: key, times: this.taken.get(key) ?? 0 }));
    const width = Math.max(...rows.map((r) => r.transition.length), 10);
    const lines = [
      `\nTransitions covered: ${title}${share ? ` (the share ${share.page} can reach)` : ''}`,
      `${'transition'.padEnd(width)}  times`,
      ...rows.map((r) => `${r.transition.padEnd(width)}  ${r.times === 0 ? 'NOT COVERED' : r.times}`),
      `${rows.filter((r) => r.times > 0).length}/${rows.length} transitions covered`,
    ];
    console.log(lines.join('\n'));
    return rows.filter((r) => r.times === 0).map((r) => r.transition);
  }
}

/**
 * A kit machine that several pages run, each sending only its own events (the verify step: the
 * rider's four code boxes and 'Wrong e-mail? Change it', the company's one code field): the
 * transitions one page can reach. Each page's view test enforces its share (report's third
 * argument), and tests/machines/viewCoverage.test.ts checks that the shares together hold every
 * transition of the machine.
 */
export interface PageShare {
  page: string;
  reaches: (transition: string) => boolean;
}

/**
 * Records the transitions of an actor and of the children it invokes apart, by machine id: the
 * inspection events of an actor include its children's microsteps, each transition naming the
 * machine it belongs to.
 */
export class SystemRecorder {
  private readonly recorders = new Map<string, TransitionRecorder>();
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep') return;
    const transitions = (event as unknown as { _transitions: Array<{ source: { machine: { id: string } } }> })._transitions;
    const groups = new Map<string, typeof transitions>();
    for (const t of transitions) groups.set(t.source.machine.id, [...(groups.get(t.source.machine.id) ?? []), t]);
    for (const [id, list] of groups) this.of(id).inspect({ ...event, _transitions: list } as never);
  };
  /** The recorder of one machine (by its id). */
  of(machineId: string): TransitionRecorder {
    let recorder = this.recorders.get(machineId);
    if (!recorder) this.recorders.set(machineId, (recorder = new TransitionRecorder()));
    return recorder;
  }
  /** Every transition taken, as `machineId: key`. */
  keys(): Set<string> {
    const out = new Set<string>();
    for (const [id, r] of this.recorders) for (const key of r.taken.keys()) out.add(`${id}: ${key}`);
    return out;
  }
}

export type { AnyActorLogic };

/** A step of a generated path (xstate/graph's, or a plan's): the event sent and the state after it. */
export interface StepLike {
  event: { type: string };
  state: unknown;
}
interface PathLike {
  state: unknown;
  steps: StepLike[];
}
interface ModelLike {
  getShortestPaths(): PathLike[];
  getAdjacencyMap(): Record<string, { state: unknown; transitions: Record<string, { event: unknown; state: unknown }> }>;
}

/**
 * Edge coverage: for every reachable state and every event the model knows, the shortest
 * path to that state followed by that event. Shortest paths alone reach every state but
 * can skip transitions that lead to an already-reached state.
 */
export function edgePaths(
  model: ModelLike,
  serialize: (state: never) => string,
  /** False for an event that cannot reach the machine in that state (an actor's result when none runs). */
  canHappen: (state: never, event: never) => boolean = () => true,
): StepLike[][] {
  const shortest = new Map<string, StepLike[]>();
  for (const path of model.getShortestPaths()) shortest.set(serialize(path.state as never), path.steps);
  const out: StepLike[][] = [];
  for (const [key, { transitions }] of Object.entries(model.getAdjacencyMap())) {
    const prefix = shortest.get(key);
    if (!prefix) continue;
    const from = prefix.length ? prefix[prefix.length - 1]!.state : undefined;
    for (const { event, state } of Object.values(transitions)) {
      if (from !== undefined && !canHappen(from as never, event as never)) continue;
      out.push([...prefix, { event: event as { type: string }, state }]);
    }
  }
  return out;
}

/**
 * The keys (transitions or graph edges) a path takes, from the state it starts in: `stepKeys`
 * names what one step takes, given the state before it.
 */
export function pathKeys<S, Step extends StepLike>(initial: S, steps: readonly Step[], stepKeys: (before: S, step: Step) => Iterable<string>): Set<string> {
  const keys = new Set<string>();
  let before = initial;
  for (const step of steps) {
    for (const key of stepKeys(before, step)) keys.add(key);
    before = step.state as S;
  }
  return keys;
}

/** An event's type, and a failed request's kind (guards tell a refusal under a field from no network). */
export function typeAndFailure(event: { type: string }): string {
  const error = (event as { error?: unknown }).error as { fieldError?: { field?: string }; constructor?: { name?: string } } | undefined;
  if (error === undefined) return event.type;
  return `${event.type}(${error?.fieldError?.field ?? error?.constructor?.name ?? typeof error})`;
}

/**
 * The fewest, shortest edge paths that together take every move between the machine's own
 * states: (state value, event, next state value), the event named by `eventKey` (its type, and
 * whatever a guard reads from it, e.g. a failure's kind). A model whose states carry context
 * (what is typed, queued, loaded) has thousands of edges that repeat those moves; walking each
 * compares the machine with itself thousands of times. The callers still demand every
 * transition (TransitionRecorder) and check their invariants at each step of these.
 */
export function coveringMoves<Step extends StepLike>(paths: readonly Step[][], initial: unknown, eventKey: (event: Step['event']) => string = typeAndFailure): Step[][] {
  const valueOf = (snapshot: unknown) => JSON.stringify((snapshot as { value?: unknown }).value ?? null);
  return coverAll(
    paths,
    (steps) => steps.length,
    (steps) => pathKeys<unknown, Step>(initial, steps, (before, step) => [`${valueOf(before)} --${eventKey(step.event)}--> ${valueOf(step.state)}`]),
  );
}

/**
 * Greedy set cover: from the candidate paths, shortest first, the fewest that together take
 * every key any of them takes. Running these instead of every edge path keeps a view test's
 * run short while still driving every transition.
 */
export function coverAll<T>(candidates: readonly T[], length: (candidate: T) => number, keysOf: (candidate: T) => Set<string>): T[] {
  const sorted = [...candidates].sort((a, b) => length(a) - length(b));
  const keys = sorted.map(keysOf);
  const covered = new Set<string>();
  const chosen: T[] = [];
  for (;;) {
    let best = -1;
    let bestGain = 0;
    keys.forEach((set, i) => {
      let gain = 0;
      for (const key of set) if (!covered.has(key)) gain++;
      if (gain > bestGain) {
        best = i;
        bestGain = gain;
      }
    });
    if (best < 0) return chosen;
    chosen.push(sorted[best]!);
    for (const key of keys[best]!) covered.add(key);
  }
}
