// @vitest-environment jsdom
/**
 * The decisions of the browser's photo shrinking (src/web/kit/uploads/resizeImage.ts). jsdom decodes
 * no image, so decode and encode are stand-ins handed to the module (its parameters); the real
 * defaults are checked for what jsdom does have: no createImageBitmap, so the original goes.
 */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPLOAD_MAX_SIDE, PICTURE_UPLOAD_MAX_SIDE, PICTURE_UPLOAD_SHORT_SIDE, UPLOAD_QUALITY } from '../../src/shared/uploads';
import { fitShortSide, fitWithin, renamed, resizeImage, type DecodedImage, type ImagePrimitives } from '../../src/web/kit/uploads/resizeImage';

interface Call {
  width: number;
  height: number;
  type: string;
  quality: number;
}

/** A decoder that "reads" width×height, and an encoder answering `bytes` of each type it can encode. */
function primitives(
  size: { width: number; height: number } | 'unreadable',
  encodes: Record<string, number>,
): ImagePrimitives & { calls: Call[]; closed: number } {
  const calls: Call[] = [];
  const p = {
    calls,
    closed: 0,
    async decode(): Promise<DecodedImage> {
      if (size === 'unreadable') throw new Error('cannot decode');
      return { ...size, close: () => void (p.closed += 1) };
    },
    async encode(_image: DecodedImage, width: number, height: number, type: string, quality: number): Promise<Blob | null> {
      calls.push({ width, height, type, quality });
      if (type in encodes) return new Blob([new Uint8Array(encodes[type]!)], { type });
      // What canvas.toBlob does with a type it cannot encode: a PNG.
      return new Blob([new Uint8Array(10)], { type: 'image/png' });
    },
  };
  return p;
}

const photo = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type, lastModified: 1_700_000_000_000 });

describe('resizeImage', () => {
  it('scales a 4000×3000 camera photo to 1600 px on the long side, as WebP at the upload quality', async () => {
    const p = primitives({ width: 4000, height: 3000 }, { 'image/webp': 300_000, 'image/jpeg': 400_000 });
    const out = await resizeImage(photo('IMG_0042.JPG', 'image/jpeg', 6_000_000), {}, p);
    expect(p.calls).toEqual([{ width: 1600, height: 1200, type: 'image/webp', quality: UPLOAD_QUALITY }]);
    expect(out.name).toBe('IMG_0042.webp');
    expect(out.type).toBe('image/webp');
    expect(out.size).toBe(300_000);
    expect(out.lastModified).toBe(1_700_000_000_000);
    expect(p.closed).toBe(1);
  });

  it('sends a picture with its short side at the kept square (1067×800 of a 4000×3000 photo), a panorama within the long side', async () => {
    const p = primitives({ width: 4000, height: 3000 }, { 'image/webp': 120_000 });
    await resizeImage(photo('IMG_0043.JPG', 'image/jpeg', 6_000_000), { shortSide: PICTURE_UPLOAD_SHORT_SIDE, maxSide: PICTURE_UPLOAD_MAX_SIDE }, p);
    expect(p.calls[0]).toMatchObject({ width: 1067, height: 800 });
    expect(fitShortSide(3000, 4000, 800, 1600)).toEqual({ width: 800, height: 1067 });
    expect(fitShortSide(8000, 2000, 800, 1600)).toEqual({ width: 1600, height: 400 });
    expect(fitShortSide(600, 900, 800, 1600)).toEqual({ width: 600, height: 900 });
  });

  it('keeps the orientation the decoder reports (a portrait photo stays portrait)', async () => {
    const p = primitives({ width: 3000, height: 4000 }, { 'image/webp': 300_000 });
    await resizeImage(photo('me.jpg', 'image/jpeg', 5_000_000), {}, p);
    expect(p.calls[0]).toMatchObject({ width: 1200, height: 1600 });
  });

  it('falls back to JPEG where the browser cannot encode WebP', async () => {
    const p = primitives({ width: 4000, height: 3000 }, { 'image/jpeg': 450_000 });
    const out = await resizeImage(photo('me.png', 'image/png', 9_000_000), {}, p);
    expect(p.calls.map((c) => c.type)).toEqual(['image/webp', 'image/jpeg']);
    expect(out.name).toBe('me.jpg');
    expect(out.type).toBe('image/jpeg');
    expect(out.size).toBe(450_000);
  });

  it('sends the original when the browser can encode neither', async () => {
    const p = primitives({ width: 4000, height: 3000 }, {});
    const original = photo('me.jpg', 'image/jpeg', 6_000_000);
    expect(await resizeImage(original, {}, p)).toBe(original);
    expect(p.closed).toBe(1);
  });

  it('sends the original when it cannot be decoded (HEIC on a browser that cannot read it)', async () => {
    const p = primitives('unreadable', { 'image/webp': 1 });
    const original = photo('IMG_1.HEIC', 'image/heic', 3_000_000);
    expect(await resizeImage(original, {}, p)).toBe(original);
    expect(p.calls).toEqual([]);
  });

  it('never touches a PDF (not even decoding it)', async () => {
    let decoded = false;
    const p = { ...primitives({ width: 10, height: 10 }, { 'image/webp': 1 }), decode: async () => ((decoded = true), { width: 10, height: 10 }) };
    const pdf = photo('id.pdf', 'application/pdf', 2_000_000);
    expect(await resizeImage(pdf, {}, p)).toBe(pdf);
    expect(decoded).toBe(false);
  });

  it('sends the original when the re-encoding is not smaller (a small, well-compressed picture)', async () => {
    const p = primitives({ width: 800, height: 800 }, { 'image/webp': 60_000 });
    const original = photo('small.webp', 'image/webp', 60_000);
    expect(await resizeImage(original, {}, p)).toBe(original);
    expect(p.calls[0]).toMatchObject({ width: 800, height: 800 }); // never enlarged
  });

  it('sends the original when encoding throws', async () => {
    const p = primitives({ width: 4000, height: 3000 }, {});
    p.encode = async () => {
      throw new Error('canvas too large');
    };
    const original = photo('me.jpg', 'image/jpeg', 6_000_000);
    expect(await resizeImage(original, {}, p)).toBe(original);
    expect(p.closed).toBe(1);
  });

  it('takes another long side for ID documents', async () => {
    const p = primitives({ width: 4000, height: 3000 }, { 'image/webp': 700_000 });
    await resizeImage(photo('id.jpg', 'image/jpeg', 6_000_000), { maxSide: DOCUMENT_UPLOAD_MAX_SIDE }, p);
    expect(p.calls[0]).toMatchObject({ width: 2400, height: 1800 });
  });

  it("with the browser's own primitives in jsdom (no createImageBitmap) sends the original", async () => {
    const original = photo('me.jpg', 'image/jpeg', 6_000);
    expect(await resizeImage(original)).toBe(original);
  });
});

describe('fitWithin and renamed', () => {
  it('fits the long side, never enlarges, never reaches 0', () => {
    expect(fitWithin(4000, 3000, PICTURE_UPLOAD_MAX_SIDE)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1000, 500, 1600)).toEqual({ width: 1000, height: 500 });
    expect(fitWithin(10_000, 1, 1600)).toEqual({ width: 1600, height: 1 });
  });

  it('keeps the base name and gives the new extension', () => {
    expect(renamed('IMG_0042.JPG', 'image/webp')).toBe('IMG_0042.webp');
    expect(renamed('photo', 'image/jpeg')).toBe('photo.jpg');
    expect(renamed('my.holiday.heic', 'image/jpeg')).toBe('my.holiday.jpg');
    expect(renamed('.jpg', 'image/webp')).toBe('photo.webp');
  });
});
