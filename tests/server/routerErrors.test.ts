/**
 * Hostile addresses get the API's answer shape, never Fastify's default body or a 500:
 * a malformed %-escape, an over-long path parameter, a NUL byte in a
 * rider's page address.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, errorOf, useTestApp } from './helper';

describeEachDatabase('router errors and hostile addresses', (kind) => {
  const t = useTestApp(kind);

  it('answers a malformed %-escape 400 and an over-long parameter 414, in the error shape', async () => {
    const bad = await t.app.inject({ url: '/api/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body)).toEqual({ field: 'alert', message: 'Invalid request' });
    for (const url of [`/api/invitations/${'a'.repeat(150)}`, `/riders/${'b'.repeat(200)}`, `/api/ops/inbox/${'c'.repeat(120)}`]) {
      const long = await t.app.inject({ url });
      expect(long.statusCode, url).toBe(414);
      expect(errorOf(long.body)).toEqual({ field: 'alert', message: 'Invalid request' });
    }
  });

  it('answers a NUL byte or a stray character in a rider page address as no such rider, not a 500', async () => {
    for (const url of ['/riders/%00', '/riders/ada%00', '/riders/%27%3B--', '/riders/ada/photo.jpg%00']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
