/**
 * Square profile pictures: whatever shape the photo, the stored picture is
 * square, so no avatar is stretched; the rider's focal point (focal_point "x,y" beside the file,
 * src/shared/uploads.ts) says which part is kept, the centre when none is sent. Two-colour test
 * images show which part was kept. A bad focal point is a 400 under focal_point. A company logo
 * (the same image code without `square`) is kept whole.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coverCrop, processProfileImage } from '../../src/server/lib/images';
import { messages } from '../../src/shared/messages';
import { parseFocalPoint } from '../../src/shared/uploads';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { multipart, verifiedRider } from './signupHelpers';

const RED = { r: 220, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 220 };

/** A PNG whose first half (the top, or the left when `across`) is red and the other half blue. */
async function twoColour(width: number, height: number, across = false): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = (across ? x < width / 2 : y < height / 2) ? RED : BLUE;
      pixels.set([colour.r, colour.g, colour.b], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** 'red', 'blue' or 'mixed': the colour of a region of an image (by its mean). */
async function colourOf(image: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<string> {
  // stats() reads its input, not the pipeline: cut the region out first.
  const { channels } = await sharp(await sharp(image).extract(region).png().toBuffer()).stats();
  const [r, , b] = channels.map((c) => c.mean);
  if (r! > 180 && b! < 40) return 'red';
  if (b! > 180 && r! < 40) return 'blue';
  return 'mixed';
}

/** The colours of the top and bottom quarter (or left and right with `across`) of an image. */
async function ends(image: Buffer, across = false): Promise<[string, string]> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const q = across ? { width: Math.floor(width / 4), height } : { width, height: Math.floor(height / 4) };
  const first = await colourOf(image, { left: 0, top: 0, ...q });
  const last = await colourOf(image, { left: across ? width - q.width : 0, top: across ? 0 : height - q.height, ...q });
  return [first, last];
}

function uploadWithFocus(t: TestApp, token: string, data: Buffer, focalPoint?: string) {
  const body = multipart([
    ...(focalPoint === undefined ? [] : [{ field: 'focal_point', data: focalPoint }]),
    { field: 'profile_image', filename: 'portrait.png', contentType: 'image/png', data },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/upload-profile-image',
    headers: { 'x-auth-token': token, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function served(t: TestApp, url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describeEachDatabase('square profile pictures', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('stores a portrait photo square, the part the focal point names kept, the centre by default', async () => {
    const rider = await verifiedRider(t, nextIp(), 'square');
    const portrait = await twoColour(900, 2000); // red top, blue bottom: more than twice as tall as the square

    // The top kept: all red. The bottom kept: all blue. 800×800 (the photo is wider than 800).
    for (const [focal, expected] of [
      ['50,0', ['red', 'red']],
      ['50,100', ['blue', 'blue']],
      [undefined, ['red', 'blue']], // nothing sent: the centre, half of each
    ] as const) {
      const res = await uploadWithFocus(t, rider.token, portrait, focal);
      expect(res.statusCode, res.body).toBe(200);
      const { picture } = res.json<{ picture: { url: string; thumb_url: string } }>();
      const display = await served(t, picture.url);
      expect(await sharp(display).metadata()).toMatchObject({ width: 800, height: 800 });
      expect(await ends(display), `focal_point ${focal}`).toEqual(expected);
      const thumb = await served(t, picture.thumb_url);
      expect(await sharp(thumb).metadata()).toMatchObject({ width: 160, height: 160 });
      expect(await ends(thumb)).toEqual(expected);
    }
  });

  it('squares a landscape photo on its left or right as asked, and a small photo at its own size', async () => {
    const rider = await verifiedRider(t, nextIp(), 'landscape');
    const landscape = await twoColour(1200, 600, true); // red left, blue right
    const left = await uploadWithFocus(t, rider.token, landscape, '0,50');
    expect(left.statusCode, left.body).toBe(200);
    const leftImage = await served(t, left.json().picture.url);
    expect(await sharp(leftImage).metadata()).toMatchObject({ width: 600, height: 600 });
    expect(await ends(leftImage, true)).toEqual(['red', 'red']);

    // 75 across the 600 px of room: the square starts 450 px in, 150 px of red then blue.
    const mostlyRight = await uploadWithFocus(t, rider.token, landscape, '75,50');
    const rightImage = await served(t, mostlyRight.json().picture.url);
    expect(await colourOf(rightImage, { left: 0, top: 0, width: 140, height: 600 })).toBe('red');
    expect(await colourOf(rightImage, { left: 160, top: 0, width: 440, height: 600 })).toBe('blue');

    // A 300×500 photo: 300×300, never enlarged.
    const small = await uploadWithFocus(t, rider.token, await twoColour(300, 500), '50,50');
    expect(await sharp(await served(t, small.json().picture.url)).metadata()).toMatchObject({ width: 300, height: 300 });
  });

  it('refuses a bad focal point with a 400 under focal_point, storing nothing', async () => {
    const rider = await verifiedRider(t, nextIp(), 'badfocus');
    const portrait = await twoColour(400, 600);
    for (const bad of ['abc', '50', '101,50', '50,101', '-1,50', '50.5,50', ' 50,50', '50,50,50', '1000,1']) {
      const res = await uploadWithFocus(t, rider.token, portrait, bad);
      expect(res.statusCode, `focal_point ${JSON.stringify(bad)}`).toBe(400);
      expect(errorOf(res.body)).toEqual({ field: 'focal_point', message: messages.pictureFocusInvalid });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { 'x-auth-token': rider.token } });
    expect(me.json().picture).toBeNull();
  });
});

describe('the image code with a focal point', () => {
  it('squares a photo taken sideways as it is shown (EXIF orientation 6: turned a quarter clockwise)', async () => {
    // Stored 2000×900 red left, blue right; shown 900×2000, red on top.
    const sideways = await sharp(await twoColour(2000, 900, true)).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const top = await processProfileImage(sideways, 'profile_image', { square: { x: 50, y: 0 } });
    expect([top.display.width, top.display.height]).toEqual([800, 800]);
    expect(await ends(top.display.data)).toEqual(['red', 'red']);
    const bottom = await processProfileImage(sideways, 'profile_image', { square: { x: 50, y: 100 } });
    expect(await ends(bottom.display.data)).toEqual(['blue', 'blue']);
  });
});

describe('the image code without a focal point (company logos)', () => {
  it('keeps a wide logo whole: no crop, no stretch', async () => {
    const { display } = await processProfileImage(await twoColour(1200, 400, true), 'logo');
    expect([display.width, display.height]).toEqual([800, 267]);
    expect(await ends(display.data, true)).toEqual(['red', 'blue']);
  });
});

describe('the focal point rule (src/shared/uploads.ts) and the crop it makes', () => {
  it('takes "x,y" whole percentages 0-100, the centre when absent, nothing else', () => {
    expect(parseFocalPoint(undefined)).toEqual({ x: 50, y: 50 });
    expect(parseFocalPoint('')).toEqual({ x: 50, y: 50 });
    expect(parseFocalPoint('0,100')).toEqual({ x: 0, y: 100 });
    for (const bad of ['50', '50;50', '1e2,0', '0x1,0', '100,100 ']) expect(parseFocalPoint(bad)).toBeNull();
  });

  it('places the square as CSS object-position places a cover image', () => {
    // 900×1600 covering 800: 800×1422, 622 px of room; 25% of it from the top.
    expect(coverCrop(900, 1600, 800, { x: 50, y: 25 })).toEqual({ scaledWidth: 800, scaledHeight: 1422, left: 0, top: 156 });
    expect(coverCrop(1600, 1200, 800, { x: 100, y: 0 })).toEqual({ scaledWidth: 1067, scaledHeight: 800, left: 267, top: 0 });
  });
});
