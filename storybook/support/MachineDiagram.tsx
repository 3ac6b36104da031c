/**
 * A machine's states drawn from the machine object itself: nested boxes walked from
 * machine.root, each with what the screen shows there (its test plan's text), its outgoing
 * transitions "EVENT → target" and a link to the story that shows it. Nothing is drawn by hand,
 * so the diagram cannot drift from the machine; tests/storybook/machineDiagrams.test.tsx fails
 * when a state has no story or links to one that does not exist.
 */
import type { AnyStateMachine } from 'xstate';
import type { MachinePlan } from '../../tests/machines/plans/types';

interface TransitionLike {
  eventType: string;
  guard?: unknown;
  target?: ReadonlyArray<{ path: string[] }>;
}
interface NodeLike {
  key: string;
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial?: { target: ReadonlyArray<{ key: string }> };
  states: Record<string, NodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}

const keyOf = (path: readonly string[]) => (path.length ? path.join('.') : '(root)');

/** The event as a reader says it: a request's answer, a timer, or the user's event. */
export function eventLabel(type: string): string {
  if (type === '') return 'always';
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (done) return `${done[2]} ${done[1] === 'done' ? 'answers' : 'fails'}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${after[1]}`;
  return type;
}

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

/** The outgoing transitions of a node, as "EVENT [guard] → target" lines. */
export function transitionLines(node: NodeLike): string[] {
  const lines: string[] = [];
  const add = (type: string, t: TransitionLike) => {
    const guard = guardLabel(t.guard);
    const target = t.target?.length ? t.target.map((n) => keyOf(n.path)).join(', ') : '(stays)';
    lines.push(`${eventLabel(type)}${guard ? ` [${guard}]` : ''} → ${target}`);
  };
  for (const [type, list] of node.transitions) for (const t of list) add(type, t);
  for (const t of node.always ?? []) add('', t);
  return lines;
}

const storyHref = (id: string) => `./?path=/story/${id}`;

function StateBox({ node, plan, initial }: { node: NodeLike; plan: MachinePlan; initial: boolean }) {
  const key = keyOf(node.path);
  const state = plan.states[key];
  const lines = transitionLines(node);
  const children = Object.values(node.states);
  const initialChild = node.initial?.target[0]?.key;
  return (
    <div className={`md-state md-${node.type}`} data-state={key}>
      <div className="md-head">
        {state ? (
          <a className="md-name" href={storyHref(state.story)} target="_top" title={`Story: ${state.story}`}>
            {node.path.length ? node.key : plan.machine}
          </a>
        ) : (
          <span className="md-name">{node.key}</span>
        )}
        {initial ? <span className="md-tag">initial</span> : null}
        {node.type !== 'atomic' ? <span className="md-tag">{node.type}</span> : null}
      </div>
      <p className="md-says">{state?.says ?? '(no description)'}</p>
      {state?.closest ? <p className="md-note">No picture of its own: the link opens the closest story.</p> : null}
      {lines.length ? (
        <ul className="md-transitions">
          {lines.map((line) => (
            <li key={line}>
              <code>{line}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {children.length ? (
        <div className={node.type === 'parallel' ? 'md-children md-side-by-side' : 'md-children'}>
          {children.map((child) => (
            <StateBox key={child.key} node={child} plan={plan} initial={node.type === 'compound' && child.key === initialChild} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

const css = `
.machine-diagram { font: 14px/1.4 system-ui, sans-serif; color: #1b1b1b; }
.machine-diagram h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
.machine-diagram .md-intro { margin: 0 0 1rem; color: #444; }
.md-state { border: 1px solid #9aa5b1; border-radius: 8px; padding: .5rem .6rem; margin: .4rem 0; background: #fff; }
.md-state.md-compound, .md-state.md-parallel { background: #f5f7fa; }
.md-state.md-final { border-width: 3px; border-style: double; }
.md-parallel > .md-side-by-side { display: flex; flex-wrap: wrap; gap: .5rem; }
.md-parallel > .md-side-by-side > .md-state { flex: 1 1 18rem; border-style: dashed; }
.md-head { display: flex; gap: .4rem; align-items: baseline; flex-wrap: wrap; }
.md-name { font-weight: 700; }
.md-tag { font-size: .75rem; background: #e3e8ef; border-radius: 4px; padding: 0 .3rem; }
.md-says { margin: .2rem 0; }
.md-note { margin: .2rem 0; font-size: .8rem; color: #6b4e00; }
.md-transitions { margin: .2rem 0 0; padding-left: 1.1rem; font-size: .8rem; }
.md-children { margin-left: .6rem; }
`;

export function MachineDiagram({ machine, plan }: { machine: AnyStateMachine; plan: MachinePlan }) {
  const root = machine.root as unknown as NodeLike;
  return (
    <section className="machine-diagram" aria-label={`States of ${plan.title}`}>
      <style>{css}</style>
      <h1>{plan.title}</h1>
      <p className="md-intro">
        Drawn from <code>machines/{plan.machine}.ts</code> itself; each state’s name opens its story. The texts are the test plan’s (
        <code>tests/machines/plans/{plan.machine}.plan.ts</code>, <code>docs/test-plans/{plan.machine}.md</code>).
      </p>
      <StateBox node={root} plan={plan} initial />
    </section>
  );
}
