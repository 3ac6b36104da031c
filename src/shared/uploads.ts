/**
 * How the browser shrinks a photo before sending it (issue 13 'Uploads'). A phone camera's
 * 4000×3000 JPEG is 3–6 MB: 40–65 s at the 750 kbit/s upload of slow mobile data, while the
 * server keeps an 800 px picture (src/server/plugins/images.ts DISPLAY_SIZE) and a 2400 px ID
 * image (src/server/features/riders/documents.ts DOCUMENT_IMAGE_SIZE). The browser re-encodes
 * to twice the kept picture (room for a later crop, sharp on dense screens) and to the kept ID
 * size (every word of a card stays legible): a few hundred kB. The server still checks and
 * re-encodes every byte it gets; these numbers only decide what is worth sending.
 */

/** The long side of a picture (sign-up step 4, the dashboard) as sent. */
export const PICTURE_UPLOAD_MAX_SIDE = 1600;
/** The long side of a photographed ID document as sent (the server keeps 2400 px). */
export const DOCUMENT_UPLOAD_MAX_SIDE = 2400;
/** WebP/JPEG quality (0–1) of the re-encoded photo: no visible loss at these sizes. */
export const UPLOAD_QUALITY = 0.82;
/** Re-encoded first as WebP (smaller), as JPEG where the browser cannot encode WebP. */
export const UPLOAD_TYPES = ['image/webp', 'image/jpeg'] as const;
