/**
 * The business facts come from the site configuration: SITE_* read once at start-up, a bad
 * value stops it naming the variable, and GET /api/config serves exactly what was set (nothing
 * when nothing was), so no page can show a fact the operator did not set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import type { PublicConfig } from '../../src/shared/api';
import { describeEachDatabase, useTestApp } from './helper';

const dirs: string[] = [];
const load = (env: Record<string, string>) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lagos-facts-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, ...env }, '/srv/app');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SET = {
  SITE_PHONE: '0801 234 5678',
  SITE_WHATSAPP: '+234 802 000 1111',
  SITE_ADDRESS: '12 Ogba Road, Ikeja, Lagos',
  SITE_MAP_LOCATION: '6.6303, 3.3411',
  SITE_CAC_NUMBER: 'rc 1234567',
  SITE_OPENING_HOURS: 'Monday to Saturday, 8am to 6pm',
  SITE_INSTAGRAM_URL: 'https://www.instagram.com/ogbadispatch',
};

describe('business facts in the configuration', () => {
  it('are none unless set, and each set one is kept in its one stored form', () => {
    expect(load({}).business).toEqual({});
    expect(load(SET).business).toEqual({
      phone: '+2348012345678',
      whatsapp: '+2348020001111',
      address: '12 Ogba Road, Ikeja, Lagos',
      mapLocation: { lat: 6.6303, lon: 3.3411 },
      cacNumber: 'RC1234567',
      openingHours: 'Monday to Saturday, 8am to 6pm',
      social: { instagram: 'https://www.instagram.com/ogbadispatch' },
    });
  });

  it.each([
    ['SITE_PHONE', '12345'],
    ['SITE_WHATSAPP', 'call us'],
    ['SITE_CAC_NUMBER', '1234567'],
    ['SITE_ADDRESS', '<script>x</script>'],
    ['SITE_OPENING_HOURS', 'x'.repeat(201)],
    ['SITE_X_URL', 'http://x.com/ogbadispatch'],
    ['SITE_FACEBOOK_URL', 'facebook'],
    ['SITE_MAP_LOCATION', '6.6,not'],
  ])('stop start-up when %s is %j, naming the variable', (variable, value) => {
    const env = { SITE_ADDRESS: 'Somewhere in Lagos', [variable]: value };
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(new RegExp(`^Configuration error: ${variable} must`));
  });

  it('refuse a map location without an address', () => {
    expect(() => load({ SITE_MAP_LOCATION: '6.6,3.3' })).toThrow(/SITE_MAP_LOCATION must be set only with SITE_ADDRESS/);
  });
});

describeEachDatabase('GET /api/config: business facts, none set', (kind) => {
  const t = useTestApp(kind);
  it('serves no facts', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json<PublicConfig>().business).toEqual({});
  });
});

describeEachDatabase('GET /api/config: business facts, set', (kind) => {
  const t = useTestApp(kind, { env: SET });
  it('serves the facts that were set, in their stored form', async () => {
    const business = (await t.app.inject({ url: '/api/config' })).json<PublicConfig>().business;
    expect(business).toMatchObject({ phone: '+2348012345678', cacNumber: 'RC1234567', social: { instagram: 'https://www.instagram.com/ogbadispatch' } });
    expect(business.social).not.toHaveProperty('x');
  });
});
