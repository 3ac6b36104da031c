/**
 * Profile pictures with sharp (libvips): a phone photo becomes a display image and a
 * thumbnail, both WebP, with every piece of metadata (EXIF with its GPS position, XMP, IPTC,
 * ICC profiles, comments) left behind.
 *
 * Hostile input is refused before any pixel is decoded:
 *  - the bytes must be a JPEG, PNG or WebP (the signature, never the name or declared type),
 *    and libvips must read the same format from them;
 *  - the declared dimensions must stay under MAX_IMAGE_PIXELS (a decompression bomb: a small
 *    PNG that declares 100,000 × 100,000 pixels), and libvips enforces the same limit itself
 *    while decoding (limitInputPixels);
 *  - a truncated or corrupt image is an error, not a half-grey picture (failOn: 'error').
 * sharp works on libuv's thread pool: processing never blocks the event loop.
 *
 * A rider's picture is stored square: the photo covers an 800 px square (smaller when
 * the photo is), placed at the rider's focal point (src/shared/uploads.ts: the meaning of CSS
 * object-position with object-fit: cover, the browser's preview), the centre when none was sent.
 * So no avatar is ever stretched. A company logo is kept whole (no `square`): never cropped.
 */
import sharp from 'sharp';
import type { Metadata, OutputInfo } from 'sharp';
import { messages } from '../../shared/messages';
import { PICTURE_KEPT_SIDE, type FocalPoint } from '../../shared/uploads';
import { AppError } from '../errors';
import { sniffFileType } from './fileType';

// Keep memory flat between uploads: no operation cache.
sharp.cache(false);

/** 52 million pixels: a 50-megapixel phone camera (8160 × 6120) passes, a bomb does not. */
export const MAX_IMAGE_PIXELS = 52_000_000;
/**
 * A square picture is this square (smaller when the photo is); a whole image fits in it (no
 * enlargement). The thumbnail is this square, cropped.
 */
export const DISPLAY_SIZE = PICTURE_KEPT_SIDE;
const THUMB_SIZE = 160;

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
  width: number;
  height: number;
}

const SHARP_FORMAT = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export interface ProcessOptions {
  /** Store the display image square, covered at this focal point; absent: keep the image whole. */
  square?: FocalPoint;
}

/**
 * Where a square of `side` sits on an image scaled to cover it: the image's scaled size and the
 * square's offset. The offset is the focal point's share of the room the image has to move,
 * exactly as CSS object-position percentages place an object-fit: cover image.
 */
export function coverCrop(width: number, height: number, side: number, focus: FocalPoint) {
  const scale = side / Math.min(width, height);
  const scaledWidth = Math.max(side, Math.round(width * scale));
  const scaledHeight = Math.max(side, Math.round(height * scale));
  return {
    scaledWidth,
    scaledHeight,
    left: Math.round(((scaledWidth - side) * focus.x) / 100),
    top: Math.round(((scaledHeight - side) * focus.y) / 100),
  };
}

/**
 * Checks and re-encodes an uploaded picture. Throws an AppError under `field` (400: not an
 * image we take, unreadable, too many pixels) with a message fit to show.
 */
export async function processProfileImage(
  bytes: Buffer,
  field = 'profile_image',
  options: ProcessOptions = {},
): Promise<{ display: ProcessedImage; thumb: ProcessedImage }> {
  const sniffed = sniffFileType(bytes);
  if (!sniffed || sniffed.contentType === 'application/pdf') throw AppError.invalid(field, messages.imageType);
  const input = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true } as const;

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, input).metadata();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw AppError.invalid(field, messages.imageTooManyPixels);
    throw AppError.invalid(field, messages.imageUnreadable);
  }
  if (metadata.format !== SHARP_FORMAT[sniffed.contentType]) throw AppError.invalid(field, messages.imageType);
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width < 1 || height < 1) throw AppError.invalid(field, messages.imageUnreadable);
  if (width * height > MAX_IMAGE_PIXELS) throw AppError.invalid(field, messages.imageTooManyPixels);

  try {
    // rotate() turns the pixels the way the EXIF orientation says, before the EXIF is dropped.
    const turned = sharp(bytes, input).rotate();
    if (options.square) {
      // The size as shown (a photo taken sideways reports its sides swapped until turned).
      const shown = metadata.autoOrient ?? { width, height };
      const side = Math.min(DISPLAY_SIZE, shown.width, shown.height);
      const crop = coverCrop(shown.width, shown.height, side, options.square);
      turned
        .resize(crop.scaledWidth, crop.scaledHeight, { fit: 'fill' })
        .extract({ left: crop.left, top: crop.top, width: side, height: side });
    } else {
      turned.resize(DISPLAY_SIZE, DISPLAY_SIZE, { fit: 'inside', withoutEnlargement: true });
    }
    const display = await turned.webp({ quality: 80, effort: 4 }).toBuffer({ resolveWithObject: true });
    const thumb = await sharp(display.data)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 75, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const out = (r: { data: Buffer; info: OutputInfo }): ProcessedImage => ({
      data: r.data,
      contentType: 'image/webp',
      extension: 'webp',
      width: r.info.width,
      height: r.info.height,
    });
    return { display: out(display), thumb: out(thumb) };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw AppError.invalid(field, messages.imageTooManyPixels);
    throw AppError.invalid(field, messages.imageUnreadable);
  }
}
