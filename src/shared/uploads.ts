/**
 * How the browser shrinks a photo before sending it. A phone camera's
 * 4000×3000 JPEG is 3–6 MB: 40–65 s at the 750 kbit/s upload of slow mobile data, while the
 * server keeps an 800 px picture (src/server/lib/images.ts DISPLAY_SIZE) and a 2400 px ID
 * image (src/server/features/riders/documents.ts DOCUMENT_IMAGE_SIZE). The browser re-encodes
 * to twice the kept picture (room for a later crop, sharp on dense screens) and to the kept ID
 * size (every word of a card stays legible): a few hundred kB. The server still checks and
 * re-encodes every byte it gets; these numbers only decide what is worth sending.
 */

/** The side of the square a rider's picture is kept as (the server's DISPLAY_SIZE). */
export const PICTURE_KEPT_SIDE = 800;
/**
 * A picture (sign-up step 4, the dashboard) goes with its short side at the kept square's side:
 * whatever the rider centres, the server's square has every pixel it keeps, and no more is sent
 * (a 4000×3000 photo goes as 1067×800, 0.85 megapixels, instead of 1600×1200: under half the
 * bytes, which is most of the photo's upload time on slow data; the journey test). The long
 * side stays within PICTURE_UPLOAD_MAX_SIDE (a panorama).
 */
export const PICTURE_UPLOAD_SHORT_SIDE = PICTURE_KEPT_SIDE;
/** The long side of a picture as sent, at most. */
export const PICTURE_UPLOAD_MAX_SIDE = 1600;
/** The long side of a photographed ID document as sent (the server keeps 2400 px). */
export const DOCUMENT_UPLOAD_MAX_SIDE = 2400;
/** WebP/JPEG quality (0–1) of the re-encoded photo: no visible loss at these sizes. */
export const UPLOAD_QUALITY = 0.82;
/** Re-encoded first as WebP (smaller), as JPEG where the browser cannot encode WebP. */
export const UPLOAD_TYPES = ['image/webp', 'image/jpeg'] as const;

// ---------------------------------------------------------------------------------------------
// The square profile picture and its focal point (a square preview the rider
// can recentre; pictures stored square so no avatar is ever stretched).
//
// Why a focal point sent beside the file, and not a square cropped in the browser: the server
// must square whatever it receives anyway (an old app, a browser that cannot decode or re-encode
// the photo sends it as chosen: resizeImage gives up quietly), so the crop lives in one place,
// the server, and the rider's choice still counts when the browser could not shrink the photo.
// The price: the strip the square cuts away goes up too (a 4:3 photo sends a third more pixels
// than the square kept), small next to the 3-6 MB camera file the resize already saves.
//
// The value: "x,y", whole percentages 0-100 of the room the photo has to move on each axis once
// it covers the square. That is exactly what CSS object-position percentages mean with
// object-fit: cover, so the preview shows what the server keeps: 50,50 is the centre, 50,0 the
// top of a portrait photo, 0,50 the left of a landscape one. The axis the photo fills exactly
// has no room to move; its value makes no difference.

/** The multipart field sent beside profile_image. */
export const FOCAL_POINT_FIELD = 'focal_point';

export interface FocalPoint {
  /** 0 = the left edge kept, 100 = the right edge kept. */
  x: number;
  /** 0 = the top kept, 100 = the bottom kept. */
  y: number;
}

/** Nothing said: the centre (the server's centre crop). */
export const CENTRE_FOCUS: FocalPoint = { x: 50, y: 50 };
/** One arrow key press in the preview; with Shift, five. */
export const FOCUS_STEP = 5;

const FOCAL_POINT_PATTERN = /^(\d{1,3}),(\d{1,3})$/;

/** A focal point within bounds, in whole percentages (what the browser sends). */
export function clampFocus(point: FocalPoint): FocalPoint {
  const one = (v: number) => (Number.isFinite(v) ? Math.min(100, Math.max(0, Math.round(v))) : 50);
  return { x: one(point.x), y: one(point.y) };
}

export function formatFocalPoint(point: FocalPoint): string {
  const { x, y } = clampFocus(point);
  return `${x},${y}`;
}

/**
 * The rule both sides use: absent or empty is the centre; otherwise two whole numbers 0-100
 * joined by a comma, nothing else. Null when the value breaks the rule.
 */
export function parseFocalPoint(value: string | undefined | null): FocalPoint | null {
  if (value === undefined || value === null || value === '') return CENTRE_FOCUS;
  const match = FOCAL_POINT_PATTERN.exec(value);
  if (!match) return null;
  const x = Number(match[1]);
  const y = Number(match[2]);
  return x <= 100 && y <= 100 ? { x, y } : null;
}
