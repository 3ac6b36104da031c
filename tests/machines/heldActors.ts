/**
 * The model tests' stand-in for a machine's requests. Each actor provided from here notes its
 * input and waits; the model's `xstate.done.actor.<id>` or `xstate.error.actor.<id>` event answers
 * the one running under that invoke id. A path so plays the machine's requests in the model's
 * order with the model's answers, and the test sees what each request carried.
 *
 * Keyed by the invoke id, not the actor's name: two invokes of one actor (the staff sign-in's
 * `verifyCode` and `verifyRecovery` both run `verify`) are answered apart, and two requests may
 * run at once.
 */
import { fromPromise, type AnyActorRef, type PromiseActorLogic } from 'xstate';

export interface HeldRequest {
  /** The actor's name in the machine's `actors`. */
  src: string;
  /** The invoke id, the one the model's answer names. */
  id: string;
  input: unknown;
}

interface Waiting {
  request: HeldRequest;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const ANSWER = /^xstate\.(done|error)\.actor\.(.+)$/;

export class HeldActors {
  /** Every request made, oldest first. */
  readonly requests: HeldRequest[] = [];
  private readonly waiting = new Map<string, Waiting>();

  /** One actor that holds its requests. */
  actor<O = never, I = unknown>(src: string): PromiseActorLogic<O, I> {
    return fromPromise<O, I>(
      ({ input, self }) =>
        new Promise<O>((resolve, reject) => {
          const request = { src, id: self.id, input };
          this.requests.push(request);
          this.waiting.set(self.id, { request, resolve: resolve as (value: unknown) => void, reject });
        }),
    );
  }

  /** An `actors` object for `.provide()`: each name holds its requests. */
  actors<const S extends string>(...srcs: S[]): Record<S, PromiseActorLogic<never, unknown>> {
    return Object.fromEntries(srcs.map((src) => [src, this.actor(src)])) as Record<S, PromiseActorLogic<never, unknown>>;
  }

  /** Whether any request waits for its answer. */
  get busy(): boolean {
    return this.waiting.size > 0;
  }

  /** The requests waiting for their answer. */
  get pending(): HeldRequest[] {
    return [...this.waiting.values()].map((w) => w.request);
  }

  /** The request of this actor that waits for its answer, if one does. */
  running(src: string): HeldRequest | undefined {
    return this.pending.find((r) => r.src === src);
  }

  /**
   * Answers the request a done or error event names and answers true; any other event: false.
   * An answer to a request that is not running is a wrong path, and throws.
   */
  answer(event: { type: string }): boolean {
    const match = ANSWER.exec(event.type);
    if (!match) return false;
    const [, kind, id] = match;
    const waiting = this.waiting.get(id!);
    if (!waiting) throw new Error(`${event.type} answers ${id}, which is not running (running: ${[...this.waiting.keys()].join(', ') || 'none'})`);
    this.waiting.delete(id!);
    if (kind === 'done') waiting.resolve((event as { output?: unknown }).output);
    else waiting.reject((event as { error?: unknown }).error);
    return true;
  }
}

/** Lets the machine take what a settled promise sent it. */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Plays one model event: an answer to a held request, or an event sent to the actor; then settles. */
export async function play(actor: AnyActorRef, held: HeldActors, event: { type: string }): Promise<void> {
  // A path's first step is the actor starting, which the test did.
  if (event.type === 'xstate.init') return;
  if (!held.answer(event)) actor.send(event as never);
  await flush();
}
