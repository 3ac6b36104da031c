/**
 * The Redis server of the tests that run several instances (127.0.0.1:6379, or TEST_REDIS_URL):
 * whether it answers, probed once per file. When it does not, the test says loudly what it skips.
 */
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisAnswers(skipped: string): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    console.warn(`\n!!! Redis at ${REDIS_URL} did not answer: ${skipped} is SKIPPED !!!\n`);
    return false;
  } finally {
    probe.disconnect();
  }
}
