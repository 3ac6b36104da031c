/**
 * ID documents: the valid ID and the rider ID card, a PDF or an image judged
 * by its bytes (lib/fileType.ts), at most 5 MB. A photo of an ID taken with a
 * phone carries the phone's GPS position and more: images are re-encoded with sharp, turned the
 * way their EXIF says, without any metadata, at a size that keeps every word of the card
 * legible. PDFs are kept as sent. Documents are stored private: served to their owner only.
 */
import sharp from 'sharp';
import { messages } from '../../../shared/messages';
import { DOCUMENT_MAX_BYTES, type DocumentField } from '../../../shared/profile';
import { AppError } from '../../errors';
import { sniffFileType } from '../../lib/fileType';
import type { UploadedFile } from '../../plugins/files';
import { MAX_IMAGE_PIXELS } from '../../lib/images';

/** The longest side of a stored ID image: a card photographed across a phone's screen. */
export const DOCUMENT_IMAGE_SIZE = 2400;

export interface CleanDocument {
  kind: DocumentField;
  contentType: string;
  extension: string;
  originalName: string;
  data: Buffer;
}

const SHARP_FORMAT = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** Checks one uploaded ID document and returns what to store; a 400 under its field otherwise. */
export async function cleanDocument(kind: DocumentField, upload: UploadedFile): Promise<CleanDocument> {
  if (upload.data.length > DOCUMENT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', messages.fileTooLarge(DOCUMENT_MAX_BYTES / (1024 * 1024)), kind);
  }
  const sniffed = sniffFileType(upload.data);
  if (!sniffed) throw AppError.invalid(kind, messages.documentType);
  // Shown back to the owner only; path separators and control characters are replaced.
  const originalName = [...upload.filename].map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c)).join('');
  if (sniffed.contentType === 'application/pdf') {
    return { kind, contentType: sniffed.contentType, extension: 'pdf', originalName, data: upload.data };
  }
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true } as const;
  try {
    const metadata = await sharp(upload.data, options).metadata();
    if (metadata.format !== SHARP_FORMAT[sniffed.contentType]) throw AppError.invalid(kind, messages.documentType);
    const data = await sharp(upload.data, options)
      .rotate()
      .resize(DOCUMENT_IMAGE_SIZE, DOCUMENT_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return { kind, contentType: 'image/jpeg', extension: 'jpg', originalName, data };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw AppError.invalid(kind, messages.imageTooManyPixels);
    throw AppError.invalid(kind, messages.imageUnreadable);
  }
}
