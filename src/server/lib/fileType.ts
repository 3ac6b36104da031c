/**
 * What an uploaded file is: its first bytes, never its name or the type the browser declared
 * (DESIGN.md §6). Used by the picture pipeline (lib/images.ts) and the ID documents.
 */

export interface SniffedType {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  extension: 'jpg' | 'png' | 'webp' | 'pdf';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** JPEG, PNG, WebP or PDF from the file's signature; null for anything else. */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { contentType: 'image/webp', extension: 'webp' };
  if (startsWith(bytes, ascii('%PDF-')) && looksLikePdf(bytes)) return { contentType: 'application/pdf', extension: 'pdf' };
  return null;
}

/** How far from the end a PDF reader looks for the trailer (as Acrobat does: junk after %%EOF is common). */
const TAIL_BYTES = 1024;

/**
 * A PDF by its structure, not only its first bytes (an HTML page may begin with "%PDF-" too):
 * the header's version, then near the end `startxref` with the offset of the cross-reference
 * section and `%%EOF`; at that offset a cross-reference table (`xref`) or an xref stream (an
 * object, `N G obj`); and at least one object. ISO 32000-1 §7.5. A PDF whose offsets are all
 * wrong is refused too: most readers would have to rebuild it, and staff could not open it.
 */
function looksLikePdf(bytes: Uint8Array): boolean {
  const text = (start: number, end: number) => Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, end - start)).toString('latin1');
  if (!/^%PDF-\d\.\d/.test(text(0, 8))) return false;
  const tailStart = Math.max(0, bytes.length - TAIL_BYTES);
  const tail = text(tailStart, bytes.length);
  const eof = tail.lastIndexOf('%%EOF');
  if (eof === -1) return false;
  const pointers = [...tail.slice(0, eof).matchAll(/startxref\s+(\d+)\s*$/g)];
  const pointer = pointers.at(-1);
  if (!pointer) return false;
  const offset = Number(pointer[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= tailStart + (pointer.index ?? 0)) return false;
  const section = text(offset, Math.min(bytes.length, offset + 64)).trimStart();
  if (section.startsWith('xref')) return /\d+\s+\d+\s+obj\b/.test(text(0, bytes.length));
  return /^\d+\s+\d+\s+obj\b/.test(section);
}

