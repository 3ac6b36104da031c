/**
 * Open sessions recently read from the database (a signed-in read costs one database
 * round trip at most). A token's session is checked against the database once, then taken from
 * here for up to SESSION_CACHE_MS, so a signed-in read's only round trip is its own query.
 *
 * Ending sessions must be seen by the next request on every instance, so every path that ends a
 * session or removes a user (logout, password reset or change, suspension, account deletion)
 * calls `forgetSessions`, which:
 *  - drops the user's entries here and leaves a tombstone for TOMBSTONE_MS, during which nothing
 *    of that user (or that session) is cached again: the ending is usually written in a
 *    transaction that commits after this call, and a read in between still sees the open session;
 *  - with Redis, publishes the user on a channel every instance listens to, so the other
 *    instances forget it too; the request that changed something is answered only once every
 *    instance has confirmed it forgot (HEARD_CHANNEL below).
 * With Redis configured but its subscription down, nothing is cached (every check goes to the
 * database): a missed message would leave an ended session usable. Several instances on one
 * PostgreSQL without Redis cannot hear each other, so the cache is off there (config.ts:
 * sessionCache); one PGlite process is always alone.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/** The longest a cached session goes unchecked against the database. */
const SESSION_CACHE_MS = 30_000;
/** Longer than any transaction that ends a session takes to commit. */
const TOMBSTONE_MS = 15_000;
const MAX_ENTRIES = 50_000;
const CHANNEL = 'lagos:sessions:forget';

export interface CachedSession {
  userId: string;
  userType: number;
  /** The session's own expiry, ms since the epoch. */
  expiresAt: number;
}

interface Entry extends CachedSession {
  checkedAt: number;
}

const entries = new Map<string, Entry>();
/** User ids and session ids not to cache until the time given. */
const tombstones = new Map<string, number>();
/** One per app with Redis: publishes on a channel what this process forgot. */
const publishers = new Set<(channel: string, key: string) => void>();
/** The apps of this process; the cache is used only while there is one and every one may. */
const users = new Set<{ usable: () => boolean }>();

const usable = () => users.size > 0 && [...users].every((u) => u.usable());

/**
 * The other caches of this process that every instance forgets together (profileCache.ts): each
 * has its own Redis channel on the same subscription, and follows the same rule of use.
 */
interface SharedCache {
  channel: string;
  /** Forgets `key` here, as a message from another instance asks. */
  forget: (key: string) => void;
  /** Forgets everything: a message may have been missed, or no app is left. */
  clear: () => void;
}
const sharedCaches: SharedCache[] = [];

/** Registers a cache that follows the session cache's rule of use and hears its channel. */
export function shareForgetting(cache: SharedCache): { usable: () => boolean; publish: (key: string) => void } {
  sharedCaches.push(cache);
  return { usable, publish: (key) => publishers.forEach((publish) => publish(cache.channel, key)) };
}

/**
 * "Seen by the next read on every instance" needs more than Redis passing the message on: a
 * flaky two-process test showed instance B serving its kept session or document for a request
 * sent right after A's answer, since B had not yet run the message Redis had already sent it
 * (on two cores B may wait for a turn while A answers, and A had not even waited for Redis).
 * So every instance that forgets what another asked says so on HEARD_CHANNEL, and the request
 * that published a forget is answered once as many instances as Redis handed it to (PUBLISH's
 * count, this process's own subscriptions among them: each hearing its echo counts) have done
 * it, or after CONFIRM_WAIT_MS, so that a lost message or an instance of the version before
 * (which does not confirm) delays an answer and never hangs it.
 */
const HEARD_CHANNEL = 'lagos:forget:heard';
const CONFIRM_WAIT_MS = 2_000;
/** This process on HEARD_CHANNEL: it ignores its own confirmations there. */
const INSTANCE = randomUUID();

interface Waiter {
  heard: number;
  /** PUBLISH's count of receivers, once Redis answered. */
  needed: number | null;
  done: () => void;
}

/** Per `channel\nkey`, this process's publications still to be confirmed, oldest first. */
const waiting = new Map<string, Waiter[]>();
/** Settle when confirmed (or at CONFIRM_WAIT_MS): what a changing request waits for. */
const unconfirmed = new Set<Promise<void>>();

function settleIfDone(id: string, waiter: Waiter): void {
  if (waiter.needed === null || waiter.heard < waiter.needed) return;
  const list = waiting.get(id);
  const at = list?.indexOf(waiter) ?? -1;
  if (at >= 0) list!.splice(at, 1);
  if (list?.length === 0) waiting.delete(id);
  waiter.done();
}

/** A publication of `id` about to go out; `settle` takes PUBLISH's count of receivers. */
function awaitConfirmations(id: string): { settle: (receivers: number) => void } {
  let resolve!: () => void;
  const confirmed = new Promise<void>((r) => (resolve = r));
  const timer = setTimeout(() => {
    waiter.needed = 0;
    settleIfDone(id, waiter);
  }, CONFIRM_WAIT_MS);
  // A request waiting keeps the process up; a process on its way out need not wait for this.
  timer.unref();
  const waiter: Waiter = {
    heard: 0,
    needed: null,
    done: () => {
      clearTimeout(timer);
      resolve();
    },
  };
  unconfirmed.add(confirmed);
  void confirmed.then(() => unconfirmed.delete(confirmed));
  const list = waiting.get(id);
  if (list) list.push(waiter);
  else waiting.set(id, [waiter]);
  return {
    settle: (receivers) => {
      waiter.needed = receivers;
      settleIfDone(id, waiter);
    },
  };
}

/** One instance (or one of this process's subscriptions) has done the forget `id` asked for. */
function confirmed(id: string): void {
  const waiter = waiting.get(id)?.find((w) => w.needed === null || w.heard < w.needed);
  if (!waiter) return;
  waiter.heard += 1;
  settleIfDone(id, waiter);
}

/** How long a message this process published may take to come back to its own subscriptions. */
const ECHO_MS = 2_000;

/**
 * What this process published and one of its subscriptions has yet to hear back. Every instance
 * hears its own messages too, yet it forgot the key before it published, and hearing it again
 * would drop what it kept since: a save keeps the document it wrote (profileCache.ts
 * keepWrittenProfile), so with Redis that rider's next read went to the database after every
 * save. The messages stay the bare keys that every instance reads, so an instance of
 * the version before still hears these; an echo is told by count instead: a message on a
 * channel for a key that this process published within ECHO_MS, and has not heard back as often
 * as it published, is taken for the oldest such publication. When another instance's message for
 * the same key arrives first, it is taken for the echo, and the forget it asks for is done when
 * our own echo arrives instead: ours was sent before theirs was heard, so it follows within a
 * Redis round trip. Only if ours were lost on the way with the subscription still up would that
 * forget be missed: a session's key stays buried here anyway (TOMBSTONE_MS from our own forget),
 * a profile document would be kept to its MAX_AGE_MS (profileCache.ts). A failed publication is
 * taken off the account, and a subscription that comes back starts a new one.
 */
class OwnEchoes {
  private readonly due = new Map<string, number[]>();

  expect(channel: string, key: string): void {
    const id = `${channel}\n${key}`;
    const times = this.due.get(id);
    if (times) times.push(Date.now());
    else this.due.set(id, [Date.now()]);
    if (this.due.size > 10_000) this.forgetLate(Date.now());
  }

  /** A publication that failed: no echo will come. */
  unexpect(channel: string, key: string): void {
    const id = `${channel}\n${key}`;
    const times = this.due.get(id);
    times?.shift();
    if (times?.length === 0) this.due.delete(id);
  }

  /** True when this message is the echo of one this process published. */
  heard(channel: string, key: string): boolean {
    const id = `${channel}\n${key}`;
    const times = this.due.get(id);
    if (!times) return false;
    const now = Date.now();
    while (times.length > 0 && times[0]! < now - ECHO_MS) times.shift();
    const echo = times.shift() !== undefined;
    if (times.length === 0) this.due.delete(id);
    return echo;
  }

  clear(): void {
    this.due.clear();
  }

  private forgetLate(now: number): void {
    for (const [id, times] of this.due) if (times.at(-1)! < now - ECHO_MS) this.due.delete(id);
  }
}
/** One per app with Redis: its subscription's account of this process's messages on their way back. */
const ownEchoes = new Set<OwnEchoes>();

function buried(key: string, now: number): boolean {
  const until = tombstones.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  tombstones.delete(key);
  return false;
}

/** The cached session of this id and user, while it is fresh, open and nothing forgot it. */
export function cachedSession(sessionId: string, userId: string): CachedSession | null {
  if (!usable()) return null;
  const entry = entries.get(sessionId);
  if (!entry || entry.userId !== userId) return null;
  const now = Date.now();
  if (entry.checkedAt + SESSION_CACHE_MS <= now || entry.expiresAt <= now || buried(userId, now) || buried(sessionId, now)) {
    entries.delete(sessionId);
    return null;
  }
  return entry;
}

/** Keeps a session the database just called open, unless its user was forgotten meanwhile. */
export function keepSession(sessionId: string, session: CachedSession): void {
  const now = Date.now();
  if (!usable() || buried(session.userId, now) || buried(sessionId, now)) return;
  if (entries.size >= MAX_ENTRIES) {
    // The oldest entry goes (a Map keeps insertion order).
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(sessionId, { ...session, checkedAt: now });
}

function forgetLocally(key: string): void {
  tombstones.set(key, Date.now() + TOMBSTONE_MS);
  for (const [sessionId, entry] of entries) if (sessionId === key || entry.userId === key) entries.delete(sessionId);
}

/**
 * Call wherever sessions end or a user goes: `key` is the user's id (all their sessions) or one
 * session's id. Here at once, and on every other instance through Redis.
 */
export function forgetSessions(key: string): void {
  forgetLocally(key);
  for (const publish of publishers) publish(CHANNEL, key);
}

/**
 * Lets this app use the cache and, with Redis, hear what other instances forget. `enabled` is
 * config.sessionCache.
 */
export function installSessionCache(app: FastifyInstance, { enabled, redis }: { enabled: boolean; redis: Redis | null }): void {
  let subscriber: Redis | null = null;
  // An app that may not cache stops the whole process from caching while it runs: the cache
  // is one per process, and that app's sessions would land in it too.
  const user = { usable: () => enabled && (redis === null || subscriber?.status === 'ready') };
  const clearAll = () => {
    entries.clear();
    for (const cache of sharedCaches) cache.clear();
  };
  app.addHook('onClose', async () => {
    users.delete(user);
    if (users.size === 0) clearAll();
  });
  users.add(user);
  if (!enabled) return;
  if (redis) {
    const publish = (channel: string, key: string) => {
      for (const echoes of ownEchoes) echoes.expect(channel, key);
      const confirmations = awaitConfirmations(`${channel}\n${key}`);
      redis.publish(channel, key).then(confirmations.settle, (err: Error) => {
        for (const echoes of ownEchoes) echoes.unexpect(channel, key);
        confirmations.settle(0);
        app.log.warn({ err: err.message, channel }, 'could not publish a forgotten key');
      });
    };
    subscriber = redis.duplicate();
    const echoes = new OwnEchoes();
    subscriber.on('error', (err: Error) => app.log.warn({ err: err.message }, 'Redis (session cache) is not reachable'));
    // Anything might have been missed while the subscription was down.
    subscriber.on('ready', () => {
      echoes.clear();
      clearAll();
    });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === HEARD_CHANNEL) {
        const cut = message.indexOf('\n');
        if (message.slice(0, cut) !== INSTANCE) confirmed(message.slice(cut + 1));
        return;
      }
      const id = `${channel}\n${message}`;
      // Our own message back: this subscription has it (nothing to forget, see OwnEchoes).
      if (echoes.heard(channel, message)) return confirmed(id);
      if (channel === CHANNEL) forgetLocally(message);
      else sharedCaches.find((cache) => cache.channel === channel)?.forget(message);
      // Forgotten: the instance that asked may answer its request now.
      redis.publish(HEARD_CHANNEL, `${INSTANCE}\n${id}`).catch((err: Error) => app.log.warn({ err: err.message }, 'could not confirm a forgotten key'));
    });
    ownEchoes.add(echoes);
    void subscriber
      .subscribe(CHANNEL, HEARD_CHANNEL, ...sharedCaches.map((cache) => cache.channel))
      .catch((err: Error) => app.log.warn({ err: err.message }, 'could not subscribe to forgotten keys'));
    publishers.add(publish);
    // A request that may have changed something is answered once every forget published so
    // far (this request's among them) is confirmed. Reads change nothing another instance could
    // serve stale, so GET and HEAD do not wait. A callback hook, not an async one: every answer
    // passes here, and a read should not pay for a promise.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (unconfirmed.size === 0 || request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
      void Promise.all(unconfirmed).then(() => done(null, payload));
    });
    app.addHook('onClose', async () => {
      publishers.delete(publish);
      ownEchoes.delete(echoes);
      await subscriber?.quit().catch(() => subscriber?.disconnect());
    });
  }
}
