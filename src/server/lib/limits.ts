/**
 * Counters for rate limits and cooldowns (DESIGN.md §4): in this process by default, or in
 * Redis when REDIS_URL is set, so every instance of the app sees the same counts. A counter
 * is a fixed window: the first hit starts it, it is forgotten when the window ends.
 *
 * When Redis cannot be reached a counter reads as zero and the failure is logged: logins and
 * resets keep working (argon2 and the captcha still slow an attacker) rather than all failing.
 */
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../shared/messages';
import type { Config } from '../config';
import { AppError } from '../errors';

export interface Count {
  count: number;
  /** Milliseconds until the window ends (0 when nothing is counted). */
  resetMs: number;
}

export interface LimitStore {
  readonly kind: 'memory' | 'redis';
  /** Counts one more in `key`'s window (starting one of `windowMs` if none is open). */
  hit(key: string, windowMs: number): Promise<Count>;
  peek(key: string): Promise<Count>;
  /** Takes one back (an attempt counted before it was checked turned out good); never below 0. */
  unhit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** The Redis connection, for other users of the same store (e.g. @fastify/rate-limit). */
  readonly redis: Redis | null;
  close(): Promise<void>;
}

export interface Limit {
  max: number;
  windowMs: number;
}

/** The account limits. Per account/e-mail and per client address. */
export const authLimits = {
  /** Failed logins for one account: 5 in 15 minutes. */
  loginPerAccount: { max: 5, windowMs: 15 * 60 * 1000 },
  /** Failed logins from one address, across accounts: 20 in 15 minutes. */
  loginPerAddress: { max: 20, windowMs: 15 * 60 * 1000 },
  /** Reset links asked for one e-mail: 3 an hour. */
  forgotPerEmail: { max: 3, windowMs: 60 * 60 * 1000 },
  /** Reset links asked from one address: 10 an hour. */
  forgotPerAddress: { max: 10, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, Limit>;

const zero: Count = { count: 0, resetMs: 0 };

export function createMemoryStore(now: () => number = () => Date.now()): LimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const sweep = () => {
    if (windows.size < 10_000) return;
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  };
  return {
    kind: 'memory',
    redis: null,
    async hit(key, windowMs) {
      sweep();
      const w = live(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { count: w.count, resetMs: w.resetAt - now() };
    },
    async peek(key) {
      const w = live(key);
      return w ? { count: w.count, resetMs: w.resetAt - now() } : zero;
    },
    async unhit(key) {
      const w = live(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

/** INCR and start the window on the first hit, atomically; answers [count, pttl]. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** DECR only a live counter above zero (never makes a key without a window). */
const UNHIT_SCRIPT = `
local v = redis.call('GET', KEYS[1])
if v and tonumber(v) > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function createRedisStore(url: string, log: FastifyBaseLogger, prefix = 'lagos:limit:'): LimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 3000, lazyConnect: false });
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'Redis (rate limits) is not reachable'));
  const guarded = async <T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      log.error({ err: err instanceof Error ? err.message : String(err) }, `rate limit ${what} failed: not counted`);
      return fallback;
    }
  };
  return {
    kind: 'redis',
    redis,
    hit: (key, windowMs) =>
      guarded(
        'hit',
        async () => {
          const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
          return { count, resetMs: ttl };
        },
        zero,
      ),
    peek: (key) =>
      guarded(
        'read',
        async () => {
          const [[, value], [, ttl]] = (await redis.multi().get(prefix + key).pttl(prefix + key).exec()) as [
            [unknown, string | null],
            [unknown, number],
          ];
          return value === null ? zero : { count: Number(value), resetMs: Math.max(0, ttl) };
        },
        zero,
      ),
    unhit: (key) => guarded('unhit', async () => void (await redis.eval(UNHIT_SCRIPT, 1, prefix + key)), undefined),
    reset: (key) => guarded('reset', async () => void (await redis.del(prefix + key)), undefined),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createLimitStore(config: Config, log: FastifyBaseLogger): LimitStore {
  return config.redisUrl ? createRedisStore(config.redisUrl, log) : createMemoryStore();
}

/** The 429 of the error shape, saying when to try again. */
export function tooManyRequests(resetMs: number): AppError {
  return new AppError('RATE_LIMITED', messages.tooManyRequests(Math.max(1, Math.ceil(resetMs / 1000))));
}

/**
 * Counts a request against each limit and throws the 429 when one is now over. The count comes
 * before anything is checked, atomically (INCR in Redis, one Map update in memory), so a burst
 * of concurrent attempts checks at most `max` of them.
 */
export async function countAgainstLimits(store: LimitStore, checks: Array<{ key: string; limit: Limit }>): Promise<void> {
  const counts = await Promise.all(checks.map((c) => store.hit(c.key, c.limit.windowMs)));
  let wait = 0;
  counts.forEach((count, i) => {
    if (count.count > checks[i]!.limit.max) wait = Math.max(wait, count.resetMs);
  });
  if (wait > 0) throw tooManyRequests(wait);
}
