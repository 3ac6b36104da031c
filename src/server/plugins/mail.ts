/**
 * E-mail through an outbox (DESIGN.md §5): a change that sends mail writes the message in
 * the same transaction; a worker delivers due messages with retries and back-off, so a
 * failing mail server loses nothing. Delivery goes over SMTP_URL with nodemailer, or, with no
 * SMTP_URL when PUBLIC_URL is a localhost address or DEV_MAILBOX=1 (config.devMailbox), into the
 * dev mailbox in DATA_DIR, listed at /dev/mail. Otherwise mail waits in the outbox.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { site } from '../../shared/site';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outboxEmails } from '../db/schema';
import { escapeHtml } from '../../shared/html';
import { redactErrorText } from '../logger';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (a staff answer: OPS_EMAIL). */
  replyTo?: string | null;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string> | null;
}

const MAX_ATTEMPTS = 8;
/** 10 s, 20 s, 40 s ... capped at an hour. */
function backoffMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** One branded layout for every e-mail, in HTML and plain text. */
export function renderEmail(input: {
  subject: string;
  to: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown large, e.g. a verification code. */
  code?: string;
  /** A line above the footer with a link, e.g. a subscriber's unsubscribe link (domain/unsubscribe.ts). */
  footnote?: { text: string; label: string; url: string };
}): EmailMessage {
  const textParts = [input.heading, '', ...input.paragraphs.flatMap((p) => [p, ''])];
  if (input.code) textParts.push(input.code, '');
  if (input.action) textParts.push(`${input.action.label}: ${input.action.url}`, '');
  if (input.footnote) textParts.push(input.footnote.text, `${input.footnote.label}: ${input.footnote.url}`, '');
  textParts.push('--', site.name, site.email);
  const html = `<!doctype html><html><body style="margin:0;padding:0;background:#f4f7f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#14213d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:10px">
<tr><td style="background:#0b6e4f;color:#ffffff;padding:16px 24px;border-radius:10px 10px 0 0;font-weight:800;font-size:18px">${escapeHtml(site.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>
${input.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${input.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:800;margin:16px 0">${escapeHtml(input.code)}</p>` : ''}
${input.action ? `<p style="margin:20px 0"><a href="${escapeHtml(input.action.url)}" style="display:inline-block;background:#0b6e4f;color:#ffffff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:600">${escapeHtml(input.action.label)}</a></p><p style="font-size:13px;color:#4a5568">Or open this address: ${escapeHtml(input.action.url)}</p>` : ''}
${input.footnote ? `<p style="margin:20px 0 0;font-size:13px;color:#4a5568">${escapeHtml(input.footnote.text)} <a href="${escapeHtml(input.footnote.url)}" style="color:#0b6e4f">${escapeHtml(input.footnote.label)}</a></p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;font-size:13px;color:#4a5568;border-top:1px solid #c8d1cc">${escapeHtml(site.name)} · ${escapeHtml(site.email)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to: input.to, subject: input.subject, text: textParts.join('\n'), html };
}

/**
 * Which mail goes first: 'urgent' for what a person is waiting for (verification codes, reset
 * links, staff set-password links, invitations), 'normal' for notices, replies and subscriber
 * mail. Stored in outbox_emails.priority, lower first.
 */
export type EmailPriority = 'urgent' | 'normal';
export const EMAIL_PRIORITY: Record<EmailPriority, number> = { urgent: 0, normal: 1 };

/** Writes a message to the outbox; pass the transaction of the change that sends it. */
export async function enqueueEmail(db: Db, message: EmailMessage, priority: EmailPriority = 'normal'): Promise<void> {
  await db.insert(outboxEmails).values({ ...message, priority: EMAIL_PRIORITY[priority] });
  outboxWrites += 1;
}

/**
 * Rows written to the outbox by this process. The mailer notes the count when a request starts
 * and kicks delivery when it is answered if the count moved: a request that queued mail always
 * sees its own write, and by its answer its transaction has committed, so the worker finds the
 * row. A request answered while another queued mail kicks too, which the kick's debounce makes
 * free. No handler kicks by hand; mail queued outside a request (the sweepers) is kicked by its
 * caller or found by the next poll. A counter rather than an AsyncLocalStorage per request: on
 * Node 20 one AsyncLocalStorage run turns on promise hooks for the whole process, which doubled
 * the cost of every await in a micro-benchmark (229 → 490 ms for 2,000,000).
 */
let outboxWrites = 0;

/** Rows one worker claims at a time, all sent concurrently over the pool. */
const CLAIM_BATCH = 50;
/** How long a claimed row belongs to its worker; after that (it died mid-send) another claims it. */
const LEASE_MS = 2 * 60 * 1000;
/** Pooled SMTP: connections, messages per connection, and timeouts so a silent server cannot stall the queue. */
const SMTP_POOL = { maxConnections: 5, maxMessages: 100 };
const SMTP_TIMEOUTS = { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 15_000 };
/** How long a shutdown waits for a delivery pass before closing the SMTP pool with force. */
const SHUTDOWN_GRACE_MS = 1500;

type Deliver = (message: EmailMessage & { id: string }) => Promise<void>;

function mailboxDir(config: Config): string {
  return path.join(config.dataDir, 'mailbox');
}

function devMailbox(config: Config, log: FastifyInstance['log']): Deliver {
  const dir = mailboxDir(config);
  return async (message) => {
    mkdirSync(dir, { recursive: true });
    const file = `${Date.now()}-${message.id}.json`;
    writeFileSync(path.join(dir, file), JSON.stringify({ ...message, sentAt: new Date().toISOString() }));
    // Not the address: no personal data in logs (the message itself names it).
    log.info(`dev mailbox: "${message.subject}": read it at ${config.publicUrl}/dev/mail/${message.id}`);
  };
}

function smtp(config: Config): Deliver & { close(force?: boolean): void } {
  const transport: Transporter = nodemailer.createTransport({
    url: config.smtpUrl!,
    pool: true,
    ...SMTP_POOL,
    ...SMTP_TIMEOUTS,
  });
  const deliver: Deliver = async (message) => {
    await transport.sendMail({
      from: config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    });
  };
  // `force` also closes connections in the middle of a delivery (their messages fail).
  return Object.assign(deliver, { close: (force = false) => (transport.close as (options?: { force?: boolean }) => void)({ force }) });
}

export interface Mailer {
  /** Delivers due messages, batch after batch until none is due; returns how many were sent. */
  deliverDue(): Promise<number>;
  /** Asks the worker to look at the outbox soon (after a commit that enqueued mail). */
  kick(): void;
  /** Whether messages are delivered at all ('outbox-only' keeps them waiting). */
  mode: 'smtp' | 'dev-mailbox' | 'outbox-only';
}

export function createMailer(app: FastifyInstance, options: { intervalMs?: number; startWorker?: boolean } = {}): Mailer {
  const { config } = app;
  const mode: Mailer['mode'] = config.smtpUrl ? 'smtp' : config.devMailbox ? 'dev-mailbox' : 'outbox-only';
  if (mode === 'outbox-only') {
    app.log.warn(
      'SMTP_URL is not set and the dev mailbox is off (PUBLIC_URL is not a localhost address and DEV_MAILBOX is not 1): e-mail waits in the outbox and is NOT delivered. Set SMTP_URL.',
    );
  }
  const smtpDeliver = mode === 'smtp' ? smtp(config) : null;
  const deliver: Deliver | null = smtpDeliver ?? (mode === 'dev-mailbox' ? devMailbox(config, app.log) : null);
  const db = () => app.database.db;
  let running: Promise<number> | null = null;
  let closing = false;

  /**
   * Claims up to CLAIM_BATCH due rows for this worker alone: pending and due, or 'sending' with
   * an expired lease; codes and links first, then oldest. FOR UPDATE SKIP LOCKED makes a second
   * worker (another instance on the same database) skip the rows this one is claiming.
   */
  async function claim() {
    const due = db()
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(
        or(
          and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.nextAttemptAt, sql`now()`)),
          and(eq(outboxEmails.status, 'sending'), lt(outboxEmails.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(outboxEmails.priority), asc(outboxEmails.createdAt))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    const rows = await db()
      .update(outboxEmails)
      .set({
        status: 'sending',
        leaseUntil: sql`now() + make_interval(secs => ${LEASE_MS / 1000})`,
        attempts: sql`${outboxEmails.attempts} + 1`,
      })
      .where(inArray(outboxEmails.id, due))
      .returning();
    return rows.sort((a, b) => a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime());
  }

  async function sendOne(row: Awaited<ReturnType<typeof claim>>[number]): Promise<boolean> {
    const owned = and(eq(outboxEmails.id, row.id), eq(outboxEmails.status, 'sending'));
    try {
      await deliver!(row);
      await db()
        .update(outboxEmails)
        .set({ status: 'sent', sentAt: sql`now()`, leaseUntil: null, lastError: null })
        .where(owned);
      return true;
    } catch (err) {
      const { attempts } = row; // counted when claimed
      const failed = attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      // An SMTP refusal names the address: the log gets the reason without it (the row keeps it).
      app.log.warn({ attempts, err: redactErrorText(message) }, failed ? 'e-mail failed for good' : 'e-mail will be retried');
      await db()
        .update(outboxEmails)
        .set({
          status: failed ? 'failed' : 'pending',
          leaseUntil: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        })
        .where(owned);
      return false;
    }
  }

  /** Claims and sends batches while mail is due; returns how many were sent. */
  async function deliverOnce(): Promise<number> {
    if (!deliver) return 0;
    let sent = 0;
    while (!closing) {
      const batch = await claim();
      if (batch.length === 0) break;
      const results = await Promise.all(batch.map(sendOne));
      sent += results.filter(Boolean).length;
    }
    return sent;
  }

  const deliverDue = () => {
    // One delivery pass at a time in this process.
    running ??= deliverOnce().finally(() => (running = null));
    return running;
  };

  let timer: NodeJS.Timeout | null = null;
  let kicked: NodeJS.Timeout | null = null;
  const tick = () =>
    deliverDue().catch((err: unknown) => app.log.error({ err }, 'outbox delivery pass failed'));
  if (options.startWorker !== false && deliver) {
    timer = setInterval(tick, options.intervalMs ?? 5000);
    timer.unref();
  }
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    if (kicked) clearTimeout(kicked);
    // A pass waiting on a slow or silent mail server must not hold the shutdown (the fault
    // suite saw SIGTERM end in the forced exit): it gets a short grace, then the pool is closed
    // with force; its messages fail and go back to pending, sent after the next start.
    const pass = running?.catch(() => undefined);
    if (pass) {
      let grace: NodeJS.Timeout | undefined;
      const finished = await Promise.race([pass.then(() => true), new Promise<boolean>((r) => (grace = setTimeout(() => r(false), SHUTDOWN_GRACE_MS)))]);
      clearTimeout(grace);
      if (!finished) smtpDeliver?.close(true);
      await pass;
    }
    smtpDeliver?.close();
  });

  const kick = () => {
    if (!deliver || options.startWorker === false || kicked) return;
    kicked = setTimeout(() => {
      kicked = null;
      void tick();
    }, 50);
    kicked.unref();
  };
  app.decorateRequest('outboxWritesAtStart', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.outboxWritesAtStart = outboxWrites;
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (outboxWrites !== request.outboxWritesAtStart) kick();
    done();
  });

  return { mode, deliverDue, kick };
}

/** The dev mailbox's messages, newest first (for /dev/mail). */
export function readMailbox(config: Config): Array<EmailMessage & { id: string; sentAt: string }> {
  const dir = mailboxDir(config);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as EmailMessage & { id: string; sentAt: string });
}
