/**
 * A stand-in for a mail server at its network edge, for tests only: a real SMTP server (the
 * `smtp-server` package) on 127.0.0.1 that accepts any sender, needs no login (and takes any)
 * and keeps every message it receives, raw and parsed just enough to read (headers, text and
 * html parts).
 * With `failing` set it refuses messages with a temporary failure (451), like a mail server
 * in trouble; closed, nothing listens on its port at all.
 *
 *   const sink = await startSmtpSink();
 *   buildTestApp({ ..., env: { SMTP_URL: sink.url } });
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO addresses. */
  from: string;
  to: string[];
  /** The message exactly as it came over the wire. */
  raw: string;
  /** Top-level headers, names lower-cased, folded lines joined, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  /** The decoded text/plain and text/html parts ('' when absent). */
  text: string;
  html: string;
}

export interface SmtpSink {
  port: number;
  /** smtp://127.0.0.1:PORT, ready for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** When true, every message is refused with 451 (a temporary failure). */
  failing: boolean;
  close(): Promise<void>;
}

/** @param options.port listen on this port (e.g. again after closing), 0 for any free one. */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const sink = { messages, failing: false } as SmtpSink;
  const server = new SMTPServer({
    authOptional: true,
    // Any login is accepted, over plain text: the sink tests the product, not credentials.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anyone' }),
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (sink.failing) {
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        messages.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMessage(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // A client that goes away mid-session (a server killed with kill -9, a pooled connection
  // dropped) must not take the stand-in, and the test process with it, down.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/* ---- just enough MIME to read what nodemailer writes ---- */

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const normalised = part.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words, e.g. =?UTF-8?Q?New_quote?= or =?UTF-8?B?...?=. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** Collects the text/plain and text/html leaves of a (possibly multipart) part. */
function collectParts(part: string, into: { text: string; html: string }): void {
  const { headers, body } = splitHeaders(part);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`);
    // sections[0] is the preamble; the last one starts with '--' (the closing delimiter).
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectParts(section.replace(/^\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']).replace(/\n$/, '');
  if (/^text\/html/i.test(type)) into.html ||= decoded;
  else if (/^text\/plain/i.test(type)) into.text ||= decoded;
}

export function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const { headers } = splitHeaders(raw);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  return { headers, subject: headers.subject ?? '', ...parts };
}
