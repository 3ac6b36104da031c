import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  HCAPTCHA_TEST_SECRET,
  HCAPTCHA_TEST_SITEKEY,
  loadConfig,
} from '../../src/server/config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lagos-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The ConfigError loadConfig throws for env, checked to name the variable. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env }, '/srv/app');
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '30.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_SECRET', 'short-secret'],
    ['PUBLIC_URL', 'ftp://example.ng'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['SMTP_URL', 'mailto:x@y.z'],
    ['MAIL_FROM', 'nobody'],
    ['OPS_EMAIL', 'ops at example'],
    ['HCAPTCHA_VERIFY_URL', 'javascript:alert(1)'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '1.5'],
    ['TRUST_PROXY', '300.1.1.1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.0/8,'],
    ['TRUST_PROXY', 'proxy.internal'],
    ['TRUST_PROXY', '::1/129'],
    ['DEV_MAILBOX', 'yes'],
  ])('refuses %s=%s with an error naming the variable', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
  });

  it('says what is wrong with a bad PORT, showing the value given', () => {
    expect(configError({ PORT: 'abc' }).message).toMatch(/PORT must be a port number.*"abc"/);
  });

  it('asks for GOOGLE_CLIENT_SECRET when only GOOGLE_CLIENT_ID is set', () => {
    expect(configError({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }).variable).toBe('GOOGLE_CLIENT_SECRET');
  });

  it('refuses a JWT_SECRET under 32 characters and accepts one of 32', () => {
    expect(configError({ JWT_SECRET: 'x'.repeat(31) }).variable).toBe('JWT_SECRET');
    expect(loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('generates a JWT secret once into DATA_DIR and reuses it on the next start', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    // Readable by its owner only.
    expect(statSync(file).mode & 0o077).toBe(0);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);

    // Another DATA_DIR gets another secret; JWT_SECRET wins over the file.
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first.jwtSecret);
    const given = 'g'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: given }).jwtSecret).toBe(given);
  });

  it('has working defaults: port 3000 on loopback, embedded database, hCaptcha test keys', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir }, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir,
      databaseUrl: null,
      redisUrl: null,
      smtpUrl: null,
      opsEmail: null,
      google: null,
      logLevel: 'info',
      webRoot: '/srv/app/dist/web',
      trustProxy: false,
      devMailbox: true,
      hcaptcha: {
        siteKey: HCAPTCHA_TEST_SITEKEY,
        secret: HCAPTCHA_TEST_SECRET,
        verifyUrl: 'https://api.hcaptcha.com/siteverify',
        scriptUrl: 'https://js.hcaptcha.com/1/api.js',
      },
    });
    expect(HCAPTCHA_TEST_SITEKEY).toBe('10000000-ffff-ffff-ffff-000000000001');
    expect(HCAPTCHA_TEST_SECRET).toBe('0x0000000000000000000000000000000000000000');
    expect(config.mailFrom).toMatch(/@/);
  });

  it('treats blank values as unset and resolves relative paths against the working directory', () => {
    const config = loadConfig({ PORT: '  ', HOST: '', DATA_DIR: 'var/data', JWT_SECRET: 'j'.repeat(32), WEB_ROOT: 'public' }, '/srv/app');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe('/srv/app/var/data');
    expect(config.webRoot).toBe('/srv/app/public');
    expect(loadConfig({ DATA_DIR: tempDir(), WEB_ROOT: 'none' }).webRoot).toBeNull();
  });

  it('follows the PORT into PUBLIC_URL, and trims a trailing slash from URLs', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PUBLIC_URL: 'https://dispatch.example.ng/',
      DATABASE_URL: 'postgresql://u@db:5432/app',
    });
    expect(config.publicUrl).toBe('https://dispatch.example.ng');
    expect(config.databaseUrl).toBe('postgresql://u@db:5432/app');
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and CIDRs; unset or 0 trusts nobody', () => {
    const trust = (value?: string) => loadConfig({ DATA_DIR: tempDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1,10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(trust(' ::1 , fd00::/8, 0:0:0:0:0:0:0:1 ')).toEqual(['::1', 'fd00::/8', '0:0:0:0:0:0:0:1']);
    expect(trust('loopback, 172.16.0.0/12')).toEqual(['loopback', '172.16.0.0/12']);
    // Binding beyond loopback no longer trusts anyone by itself.
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }).trustProxy).toBe(false);
  });

  it('says what is wrong with a bad TRUST_PROXY, naming the entry', () => {
    expect(configError({ TRUST_PROXY: '10.0.0.0/8,nope' }).message).toMatch(/TRUST_PROXY .*"nope"/);
  });

  it('turns the dev mailbox on for a localhost PUBLIC_URL or DEV_MAILBOX=1, never with SMTP_URL', () => {
    const mailbox = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env }).devMailbox;
    expect(mailbox({})).toBe(true);
    for (const publicUrl of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://127.1.2.3', 'http://[::1]:3000', 'http://[0:0:0:0:0:0:0:1]', 'http://app.localhost:8080']) {
      expect(mailbox({ PUBLIC_URL: publicUrl }), publicUrl).toBe(true);
    }
    // Behind a reverse proxy on the same host: HOST is loopback, PUBLIC_URL is the public name.
    expect(mailbox({ HOST: '127.0.0.1', PUBLIC_URL: 'https://ogbadispatch.ng' })).toBe(false);
    expect(mailbox({ PUBLIC_URL: 'https://ogbadispatch.ng', DEV_MAILBOX: '1' })).toBe(true);
    expect(mailbox({ DEV_MAILBOX: '0' })).toBe(false);
    expect(mailbox({ SMTP_URL: 'smtp://mail.example.ng:587' })).toBe(false);
  });

  it('refuses DEV_MAILBOX=1 together with SMTP_URL', () => {
    expect(configError({ DEV_MAILBOX: '1', SMTP_URL: 'smtp://mail.example.ng:587' }).variable).toBe('DEV_MAILBOX');
  });

  it('turns Google sign-in on with both its variables', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' });
  });
});
