/**
 * Uploaded files (DESIGN.md §6): kept in the database (`files`, bytea) so that every instance of
 * the app can serve them, public (profile pictures) or private to their owner (ID documents).
 *
 *   installFiles(app)                      once, in buildApp: multipart parsing and GET /api/files/:id
 *   readMultipartForm(request, options)    a multipart request's text fields and files, size-capped
 *   storeFile(db, input)                   writes one file; pass the transaction of the change it belongs to
 *   deleteFilesOf(db, ownerId, kinds)      removes an owner's files of some kinds (e.g. the old picture)
 *   readStoredFile(db, id)                 one file's row, or null
 *   sendStoredFile(reply, file, access)    answers with a file's bytes and the right caching
 *   fileUrl(id)                            the url of a file relative to the API base (spec §3: '/files/<id>')
 *
 * GET /api/files/:id serves a public file to anyone, cached for a year (a file never changes: a
 * new upload is a new id). A private file is served only to its owner, with x-auth-token, and
 * never cached; anyone else gets the same 404 as for a file that does not exist. A feature that
 * serves private files from a link a browser opens (no header) answers them itself with
 * readStoredFile + sendStoredFile after its own check.
 */
import fastifyMultipart from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { AppError } from '../errors';
import { readSession } from './auth';
import { unstorableText } from './hostileInput';
import { access } from './access';

export type StoredFileKind = (typeof files.$inferInsert)['kind'];
export type StoredFile = typeof files.$inferSelect;

/** The largest file any route accepts; a route asks for less with readMultipartForm's maxFileBytes. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export function fileUrl(fileId: string): string {
  return `/files/${fileId}`;
}

// ---------------------------------------------------------------------------------------------
// Reading a multipart request.

export interface UploadedFile {
  field: string;
  /** The name the browser gave, cut to 200 characters: shown to the owner, never trusted. */
  filename: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

export interface ReadMultipartOptions {
  /** The file fields the route takes; a file under any other name is refused. */
  fileFields: readonly string[];
  /** Per file; at most MAX_UPLOAD_BYTES. */
  maxFileBytes: number;
  /** The message when a file is larger than maxFileBytes (413, under the file's field). */
  tooLargeMessage: string;
  /** The message when the request is not multipart or a file field is repeated (400). */
  invalidMessage: string;
}

function multipartCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null ? (err as { code?: string }).code : undefined;
}

/**
 * Reads a multipart/form-data request whole: text fields as strings, each file into memory
 * (at most maxFileBytes: reading stops there and the answer is 413 under the file's field).
 */
export async function readMultipartForm(request: FastifyRequest, options: ReadMultipartOptions): Promise<MultipartForm> {
  if (!request.isMultipart()) throw AppError.invalid(options.fileFields[0] ?? 'alert', options.invalidMessage);
  const form: MultipartForm = { fields: {}, files: {} };
  let current = options.fileFields[0] ?? 'alert';
  try {
    const parts = request.parts({
      limits: {
        fileSize: Math.min(options.maxFileBytes, MAX_UPLOAD_BYTES),
        files: options.fileFields.length,
        fields: 20,
        fieldSize: 10_000,
        parts: options.fileFields.length + 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        current = part.fieldname;
        if (!options.fileFields.includes(part.fieldname) || form.files[part.fieldname]) {
          part.file.resume();
          throw AppError.invalid(options.fileFields.includes(part.fieldname) ? part.fieldname : 'alert', options.invalidMessage);
        }
        const data = await part.toBuffer();
        // The name is only shown, never trusted; a NUL would not fit in a PostgreSQL text column.
        const filename = (part.filename || 'upload').replaceAll('\u0000', '').slice(0, 200) || 'upload';
        form.files[part.fieldname] = { field: part.fieldname, filename, data };
      } else if (typeof part.value === 'string') {
        // PostgreSQL cannot store a NUL or invalid Unicode: refused like in a JSON body (plugins/hostileInput.ts).
        if (unstorableText(part.value) || unstorableText(part.fieldname)) {
          throw AppError.invalid(unstorableText(part.fieldname) ? 'alert' : part.fieldname, messages.invalidRequest);
        }
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = multipartCode(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage, current);
    // Anything else the parser throws is a broken body: no boundary, truncated, unclosed, a
    // malformed header (busboy's errors carry no code). The client's fault, never a 500.
    throw AppError.invalid(current, options.invalidMessage);
  }
  return form;
}

// ---------------------------------------------------------------------------------------------
// Storing and reading.

export interface StoreFileInput {
  ownerId: string;
  kind: StoredFileKind;
  isPublic: boolean;
  contentType: string;
  extension: string;
  originalName: string;
  data: Buffer;
}

/** Writes one file and returns its id. Pass the transaction of the change the file belongs to. */
export async function storeFile(db: Db, input: StoreFileInput): Promise<string> {
  const [row] = await db
    .insert(files)
    .values({ ...input, originalName: input.originalName.slice(0, 200), size: input.data.length })
    .returning({ id: files.id });
  return row!.id;
}

/** Removes an owner's files of the given kinds (their bytes go with them). */
export async function deleteFilesOf(db: Db, ownerId: string, kinds: readonly StoredFileKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await db.delete(files).where(and(eq(files.ownerId, ownerId), inArray(files.kind, [...kinds])));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function readStoredFile(db: Db, id: string): Promise<StoredFile | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/**
 * Sends a stored file. 'public': cached by browsers and proxies for a year (a file never changes).
 * 'private': never stored by a cache. Either way the browser is told not to guess the type, and
 * a document is offered for download rather than shown inside the site.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, access: 'public' | 'private'): FastifyReply {
  const inline = file.contentType.startsWith('image/');
  const name = `${file.kind}.${file.extension}`;
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.data.length))
    .header('cache-control', access === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store')
    .header('etag', `"${file.id}"`)
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
    .header('cross-origin-resource-policy', 'same-origin')
    .send(file.data);
}

/** Call once in buildApp, before the routes. */
export async function installFiles(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 3, fields: 20, fieldSize: 10_000, parts: 25, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  app.get<{ Params: { id: string } }>(
    '/api/files/:id',
    {
      config: { access: access('public', { owner: 'a private file (an ID document): its uploader; a public one is anyone\'s' }), rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['files'],
        summary: 'A stored file: public ones to anyone (cached a year), private ones to their owner only',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        response: {
          200: { description: 'The file', type: 'string', format: 'binary' },
          304: { description: 'Not modified', type: 'null' },
          404: { $ref: 'ErrorBody#' },
        },
      },
    },
    async (request, reply) => {
      const file = await readStoredFile(app.database.db, request.params.id);
      const notFound = () => reply.code(404).send({ error: { field: 'alert', message: messages.notFound } });
      if (!file) return notFound();
      if (file.isPublic) {
        if (request.headers['if-none-match'] === `"${file.id}"`) {
          return reply.code(304).header('cache-control', 'public, max-age=31536000, immutable').send();
        }
        return sendStoredFile(reply, file, 'public');
      }
      const token = request.headers['x-auth-token'];
      const auth = typeof token === 'string' && token.length <= 4096 ? await readSession(app.database.db, app.config, token) : null;
      if (!auth || auth.userId !== file.ownerId) return notFound();
      return sendStoredFile(reply, file, 'private');
    },
  );
}
