/**
 * The only reader of process.env (DESIGN.md §4). Every variable is read and checked once
 * at start-up; a bad value stops the server with a message naming the variable
 * (the pattern of Epic Stack's env.server).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { businessFactRules } from '../shared/businessFacts';
import { SOCIAL_NETWORKS, type BusinessFacts } from '../shared/site';
import { isLoopbackHost } from './loopback';
import { dataDirFault, prepareDirectory } from './lib/dataDir';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

/** hCaptcha's published test keys: the widget always passes and the verifier accepts its token. */
export const HCAPTCHA_TEST_SITEKEY = '10000000-ffff-ffff-ffff-000000000001';
export const HCAPTCHA_TEST_SECRET = '0x0000000000000000000000000000000000000000';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  opsEmail: string | null;
  hcaptcha: { siteKey: string; secret: string; verifyUrl: string; scriptUrl: string };
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  logLevel: LogLevel;
  /** The built single-page app; null when the server runs as an API only (tests, dev). */
  webRoot: string | null;
  /**
   * Which proxies' X-Forwarded-For is believed (app.ts proxyTrust): false for none (the socket's
   * address is the client), a hop count of proxies starting with one on this machine, or
   * addresses/CIDRs (the right-most address that is not one of them is the client).
   */
  trustProxy: false | number | string[];
  /**
   * Mail goes to DATA_DIR/mailbox, listed at /dev/mail: only with no SMTP_URL and when PUBLIC_URL
   * is a localhost address or DEV_MAILBOX=1 asks for it (and /dev/mail answers only loopback).
   */
  devMailbox: boolean;
  /** SENTRY_DSN: browser errors go to Sentry instead of POST /api/client-errors. */
  sentryDsn: string | null;
  /**
   * Open sessions are kept in memory for up to 30 s after a database check (plugins/sessionCache.ts):
   * on with PGlite (one process) or with REDIS_URL (instances tell each other what ended), off
   * for PostgreSQL without Redis, where another instance could not say; SESSION_CACHE=0 turns it off.
   * Riders' profile documents are kept beside the sessions under the same rule (plugins/profileCache.ts).
   */
  sessionCache: boolean;
  /** The business facts the site shows (SITE_*), each only when set; served by GET /api/config. */
  business: BusinessFacts;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name];
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function url(env: Env, name: string, fallback: string | null, protocols: string[]): string | null {
  const value = text(env, name) ?? fallback;
  if (value === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `must be a URL (got "${value}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return value.replace(/\/+$/, '');
}

function port(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new ConfigError(name, `must be a port number from 0 to 65535 (got "${value}")`);
  }
  return Number(value);
}

function emailAddress(env: Env, name: string, fallback: string | null): string | null {
  const value = text(env, name) ?? fallback;
  if (value === null) return null;
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value.replace(/^.*<(.+)>$/, '$1'))) {
    throw new ConfigError(name, `must be an e-mail address (got "${value}")`);
  }
  return value;
}

/** proxy-addr's names for address ranges, which Fastify's trustProxy also understands. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address!);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or 0 trusts nobody; a hop count; or a comma-separated list of addresses/CIDRs. */
function trustProxy(env: Env): Config['trustProxy'] {
  const value = text(env, 'TRUST_PROXY');
  if (value === null) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (!proxyEntry(entry)) {
      throw new ConfigError(
        'TRUST_PROXY',
        `must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8); "${entry}" is neither (got "${value}")`,
      );
    }
  }
  return entries;
}

/** DEV_MAILBOX=1 asks for the dev mailbox, 0 refuses it; unset: on when PUBLIC_URL is a localhost address. */
function devMailbox(env: Env, publicUrl: string, smtpUrl: string | null): boolean {
  const value = text(env, 'DEV_MAILBOX');
  if (value !== null && value !== '0' && value !== '1') {
    throw new ConfigError('DEV_MAILBOX', `must be 1 or 0 (got "${value}")`);
  }
  if (smtpUrl !== null) {
    if (value === '1') throw new ConfigError('DEV_MAILBOX', 'must not be 1 when SMTP_URL is set (mail goes over SMTP)');
    return false;
  }
  if (value !== null) return value === '1';
  return isLoopbackHost(new URL(publicUrl).hostname.replace(/^\[(.*)\]$/, '$1'));
}

function sessionCache(env: Env, databaseUrl: string | null, redisUrl: string | null): boolean {
  const value = text(env, 'SESSION_CACHE');
  if (value !== null && value !== '0' && value !== '1') throw new ConfigError('SESSION_CACHE', `must be 1 or 0 (got "${value}")`);
  if (value === '0') return false;
  if (databaseUrl !== null && redisUrl === null) {
    if (value === '1') throw new ConfigError('SESSION_CACHE', 'must not be 1 with DATABASE_URL and no REDIS_URL (instances could not tell each other that a session ended)');
    return false;
  }
  return true;
}

/** Reads the JWT secret from the environment, or generates one once into DATA_DIR. */
function jwtSecret(env: Env, dataDir: string): string {
  const given = text(env, 'JWT_SECRET');
  if (given !== null) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  // A DATA_DIR that cannot be read, created or written stops the server with a DataDirError
  // naming it and the cause (lib/dataDir.ts), not a bare ENOENT or EACCES.
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw dataDirFault('DATA_DIR', dataDir, err, 'read');
  }
  const secret = randomBytes(48).toString('base64url');
  prepareDirectory(dataDir);
  try {
    writeFileSync(file, secret, { mode: 0o600 });
  } catch (err) {
    throw dataDirFault('DATA_DIR', dataDir, err, 'write');
  }
  return secret;
}

/** A SITE_* fact through its rule: the stored form, or a stop naming the variable. */
function fact<T>(env: Env, name: string, rule: (value: string) => T | string, isValue: (v: T | string) => v is T): T | undefined {
  const value = text(env, name);
  if (value === null) return undefined;
  const checked = rule(value);
  if (!isValue(checked)) throw new ConfigError(name, `${checked as string} (got "${value}")`);
  return checked;
}

/**
 * The business facts (README "Before launch"): nothing is shown that the operator did not set.
 * SITE_MAP_LOCATION only means something beside SITE_ADDRESS.
 */
function businessFacts(env: Env): BusinessFacts {
  // A rule answers the stored form, or a sentence saying why not, which starts "must".
  const accepted = (v: string): v is string => !v.startsWith('must ');
  const located = (v: { lat: number; lon: number } | string): v is { lat: number; lon: number } => typeof v !== 'string';
  const facts: BusinessFacts = {};
  const phone = fact(env, 'SITE_PHONE', businessFactRules.phone, accepted);
  if (phone) facts.phone = phone;
  const whatsapp = fact(env, 'SITE_WHATSAPP', businessFactRules.phone, accepted);
  if (whatsapp) facts.whatsapp = whatsapp;
  const address = fact(env, 'SITE_ADDRESS', businessFactRules.text, accepted);
  if (address) facts.address = address;
  const mapLocation = fact(env, 'SITE_MAP_LOCATION', businessFactRules.mapLocation, located);
  if (mapLocation) {
    if (!address) throw new ConfigError('SITE_MAP_LOCATION', 'must be set only with SITE_ADDRESS (the map shows the address)');
    facts.mapLocation = mapLocation;
  }
  const cacNumber = fact(env, 'SITE_CAC_NUMBER', businessFactRules.cacNumber, accepted);
  if (cacNumber) facts.cacNumber = cacNumber;
  const openingHours = fact(env, 'SITE_OPENING_HOURS', businessFactRules.text, accepted);
  if (openingHours) facts.openingHours = openingHours;
  for (const network of SOCIAL_NETWORKS) {
    const link = fact(env, `SITE_${network.toUpperCase()}_URL`, businessFactRules.socialUrl, accepted);
    if (link) facts.social = { ...facts.social, [network]: link };
  }
  return facts;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const listenPort = port(env, 'PORT', 3000);
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR') ?? './data');
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${listenPort}`, ['http:', 'https:'])!;

  const logLevel = (text(env, 'LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  const googleClientId = text(env, 'GOOGLE_CLIENT_ID');
  const googleClientSecret = text(env, 'GOOGLE_CLIENT_SECRET');
  if (googleClientId && !googleClientSecret) {
    throw new ConfigError('GOOGLE_CLIENT_SECRET', 'must be set when GOOGLE_CLIENT_ID is set');
  }

  const webRootValue = text(env, 'WEB_ROOT');
  const smtpUrl = url(env, 'SMTP_URL', null, ['smtp:', 'smtps:']);
  const databaseUrl = url(env, 'DATABASE_URL', null, ['postgres:', 'postgresql:']);
  const redisUrl = url(env, 'REDIS_URL', null, ['redis:', 'rediss:']);
  return {
    port: listenPort,
    host,
    publicUrl,
    dataDir,
    databaseUrl,
    redisUrl,
    jwtSecret: jwtSecret(env, dataDir),
    smtpUrl,
    mailFrom: emailAddress(env, 'MAIL_FROM', 'Ogba Dispatch <no-reply@ogbadispatch.ng>')!,
    opsEmail: emailAddress(env, 'OPS_EMAIL', null),
    hcaptcha: {
      siteKey: text(env, 'HCAPTCHA_SITEKEY') ?? HCAPTCHA_TEST_SITEKEY,
      secret: text(env, 'HCAPTCHA_SECRET') ?? HCAPTCHA_TEST_SECRET,
      verifyUrl: url(env, 'HCAPTCHA_VERIFY_URL', 'https://api.hcaptcha.com/siteverify', ['http:', 'https:'])!,
      scriptUrl: url(env, 'HCAPTCHA_SCRIPT_URL', 'https://js.hcaptcha.com/1/api.js', ['http:', 'https:'])!,
    },
    google:
      googleClientId && googleClientSecret
        ? {
            clientId: googleClientId,
            clientSecret: googleClientSecret,
            issuer: url(env, 'GOOGLE_ISSUER', 'https://accounts.google.com', ['http:', 'https:'])!,
          }
        : null,
    logLevel,
    webRoot: webRootValue === null ? path.resolve(cwd, 'dist/web') : webRootValue === 'none' ? null : path.resolve(cwd, webRootValue),
    trustProxy: trustProxy(env),
    devMailbox: devMailbox(env, publicUrl, smtpUrl),
    sentryDsn: url(env, 'SENTRY_DSN', null, ['http:', 'https:']),
    sessionCache: sessionCache(env, databaseUrl, redisUrl),
    business: businessFacts(env),
  };
}
