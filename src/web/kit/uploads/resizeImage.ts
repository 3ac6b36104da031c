/**
 * Shrinks a photo in the browser before it is sent: decoded with its EXIF
 * orientation applied, scaled so its long side is at most `maxSide`, re-encoded as WebP (JPEG
 * where the browser cannot encode WebP). Anything it cannot improve goes as chosen: a PDF, an
 * image the browser cannot decode (HEIC on most browsers), a re-encoding that is not smaller.
 * The server checks and re-encodes whatever arrives, as before.
 *
 * The browser primitives (decode, encode) are parameters with real defaults, so the decisions
 * are tested in jsdom (which decodes no image) with stand-ins (tests/web/uploads.test.ts).
 */
import { PICTURE_UPLOAD_MAX_SIDE, UPLOAD_QUALITY, UPLOAD_TYPES } from '../../../shared/uploads';

export interface DecodedImage {
  width: number;
  height: number;
  close?: () => void;
}

export interface ImagePrimitives<I extends DecodedImage = DecodedImage> {
  /** Decodes the file, turned the way its EXIF orientation says; rejects when it cannot. */
  decode(file: Blob): Promise<I>;
  /** Draws the image at width×height and encodes it; a browser that cannot encode `type` answers another type (or null). */
  encode(image: I, width: number, height: number, type: string, quality: number): Promise<Blob | null>;
}

export interface ResizeOptions {
  maxSide?: number;
  /** Scale so the short side is this (never enlarged), within maxSide: a picture kept as a square. */
  shortSide?: number;
  quality?: number;
}

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg' };

function drawInto(canvas: OffscreenCanvas | HTMLCanvasElement, image: ImageBitmap, width: number, height: number): void {
  const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
}

/** createImageBitmap + OffscreenCanvas where there is one, a <canvas> otherwise. */
const browserImagePrimitives: ImagePrimitives<ImageBitmap> = {
  async decode(file) {
    if (typeof createImageBitmap !== 'function') throw new Error('createImageBitmap is not available');
    return createImageBitmap(file, { imageOrientation: 'from-image' });
  },
  async encode(image, width, height, type, quality) {
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(width, height);
      drawInto(canvas, image, width, height);
      return canvas.convertToBlob({ type, quality });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    drawInto(canvas, image, width, height);
    return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  },
};

/** The size that fits `maxSide` on the long side, never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The size whose short side is `shortSide` and long side at most `maxSide`, never enlarged. */
export function fitShortSide(width: number, height: number, shortSide: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, shortSide / Math.min(width, height), maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The chosen file's base name with the new extension: "IMG_0042.HEIC.jpg" stays readable. */
export function renamed(name: string, type: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.${EXTENSIONS[type] ?? 'img'}`;
}

/**
 * The file to send: the resized photo, or `file` itself when resizing cannot help. Never
 * rejects (a failure of the browser's primitives sends the original).
 */
export async function resizeImage<I extends DecodedImage>(
  file: File,
  options: ResizeOptions = {},
  primitives: ImagePrimitives<I> = browserImagePrimitives as unknown as ImagePrimitives<I>,
): Promise<File> {
  const maxSide = options.maxSide ?? PICTURE_UPLOAD_MAX_SIDE;
  const quality = options.quality ?? UPLOAD_QUALITY;
  if (!file.type.startsWith('image/')) return file;
  let image: I;
  try {
    image = await primitives.decode(file);
  } catch {
    return file;
  }
  try {
    if (!(image.width > 0 && image.height > 0)) return file;
    const size = options.shortSide ? fitShortSide(image.width, image.height, options.shortSide, maxSide) : fitWithin(image.width, image.height, maxSide);
    for (const type of UPLOAD_TYPES) {
      const blob = await primitives.encode(image, size.width, size.height, type, quality);
      // A browser that cannot encode the type answers PNG (or nothing): try the next type.
      if (!blob || blob.type !== type) continue;
      if (blob.size >= file.size) return file;
      return new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified });
    }
    return file;
  } catch {
    return file;
  } finally {
    image!.close?.();
  }
}
