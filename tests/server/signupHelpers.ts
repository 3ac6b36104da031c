/** Shared steps of the sign-up API tests: create a rider, read the code, build uploads. */
import { deflateSync, crc32 } from 'node:zlib';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { emailVerificationCodes, outboxEmails, users } from '../../src/server/db/schema';
import { captchaCookie, GOOD_PASSWORD } from './authHelpers';
import { nextIp, type TestApp } from './helper';

let counter = 0;
export function freshRider(label: string) {
  counter += 1;
  const tag = `${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `Rider.${label}.${tag}@Example.com`, username: `r_${label.slice(0, 8)}_${tag}`.slice(0, 30), password: GOOD_PASSWORD };
}

export function postCreate(t: TestApp, payload: Record<string, unknown>, options: { ip: string; cookie?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/create',
    remoteAddress: options.ip,
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload,
  });
}

/** Creates a rider through the API (captcha passed) and returns the token and the user's id. */
export async function signUp(t: TestApp, ip: string, rider = freshRider('signup')) {
  const res = await postCreate(t, { ...rider, user_type: '1' }, { ip, cookie: await captchaCookie(t, ip) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ token: string }>();
  expect(Object.keys(body)).toEqual(['token']);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, rider.email.toLowerCase()));
  return { ...rider, token: body.token, id: row!.id };
}

/** A verification e-mail's subject carries its code: "3045 is your Ogba Dispatch code". */
export const CODE_SUBJECT = /^(\d{4}) is your Ogba Dispatch code$/;

/** The verification e-mails to an address (from the outbox), newest first. */
export async function codeEmailsTo(t: TestApp, email: string) {
  return t.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, email.toLowerCase()), like(outboxEmails.subject, '% is your Ogba Dispatch code')))
    .orderBy(desc(outboxEmails.createdAt));
}

/** The code of the newest verification e-mail to an address: the same in the subject and in the text. */
export async function codeFor(t: TestApp, email: string): Promise<string> {
  const [mail] = await codeEmailsTo(t, email);
  expect(mail, `no verification e-mail to ${email}`).toBeDefined();
  const match = /^(\d{4})$/m.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  expect(CODE_SUBJECT.exec(mail!.subject)?.[1], mail!.subject).toBe(match![1]);
  return match![1]!;
}

/** Step 2's 'Wrong e-mail? Change it', each from an address of its own (the route's limit is per address). */
export const changeEmail = (t: TestApp, token: string, email: string) =>
  t.app.inject({ method: 'PUT', url: '/api/users/signup-email', remoteAddress: nextIp(), headers: { 'x-auth-token': token }, payload: { email } });

export function authed(t: TestApp, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { 'x-auth-token': token }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export const verify = (t: TestApp, token: string, code: string) => authed(t, token, 'PUT', '/api/users/verify-email', { verify_email_code: code });
export const resend = (t: TestApp, token: string) => authed(t, token, 'POST', '/api/users/send-verify-email');
export const update = (t: TestApp, token: string, payload: Record<string, unknown>) =>
  authed(t, token, 'PUT', '/api/users/signup-update', payload);

/** Moves every code of a user `seconds` into the past (the cooldown and expiry without waiting). */
export async function ageCodes(t: TestApp, userId: string, seconds: number): Promise<void> {
  await t.database.db
    .update(emailVerificationCodes)
    .set({
      createdAt: sql`${emailVerificationCodes.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${emailVerificationCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(emailVerificationCodes.userId, userId));
}

/** A rider whose e-mail is verified (current_tab 3). */
export async function verifiedRider(t: TestApp, ip: string, label = 'verified') {
  const rider = await signUp(t, ip, freshRider(label));
  const res = await verify(t, rider.token, await codeFor(t, rider.email));
  expect(res.statusCode, res.body).toBe(200);
  return rider;
}

// ---------------------------------------------------------------------------------------------
// Uploads

export function multipart(parts: Array<{ field: string; filename?: string; contentType?: string; data: Buffer | string }>) {
  const boundary = `----lagos${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename === undefined ? `form-data; name="${part.field}"` : `form-data; name="${part.field}"; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: ${disposition}\r\n${part.contentType ? `content-type: ${part.contentType}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function upload(t: TestApp, token: string, file: { data: Buffer | string; filename?: string; contentType?: string; field?: string }) {
  const body = multipart([
    { field: file.field ?? 'profile_image', filename: file.filename ?? 'photo.jpg', contentType: file.contentType ?? 'image/jpeg', data: file.data },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/upload-profile-image',
    headers: { 'x-auth-token': token, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A phone-like JPEG with GPS and camera EXIF. */
export async function photoWithGps(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 80 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'LagosPhone', Model: 'Okada 5G', Orientation: '1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 37/1 49/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 20/1 28/1' },
    })
    .toBuffer();
}

/** True when a TIFF/EXIF block holds the GPS IFD pointer (tag 0x8825), in either byte order. */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A decompression bomb: a valid PNG of a few hundred bytes that declares width × height pixels. */
export function pngBomb(width = 100_000, height = 100_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  // The first rows of zeros; a real bomb's IDAT would deflate gigabytes of them.
  const idat = deflateSync(Buffer.alloc(width * 3 + 1), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
