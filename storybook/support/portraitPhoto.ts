/**
 * A tiny portrait photo for the picture stories: 45×80 px, sky above a round face, a
 * green shirt below, so the square preview shows which part of a tall photo it keeps. 173 bytes.
 */
const PORTRAIT_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAC0AAABQCAMAAAC6eAy3AAAACVBMVEWHvusfek2NVSR5Mr/tAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASklEQVRIx+3TOQ7AIBDAQOL/P5oqPRZCIopdT7XHGFW/i3X5ZuyKB8HBcKXB8Gs07PJPzOTk5uUNyvuWv2P/slyPKZ1Op9PpPT0BV3YIzz8qS/wAAAAASUVORK5CYII=';

/** As an address an <img> shows (the sign-up wizard's preview URL). */
export const PORTRAIT_PHOTO_URL = `data:image/png;base64,${PORTRAIT_PNG_BASE64}`;

/** As the file a rider chose (the dashboard's picture modal makes its own object URL from it). */
export function portraitPhotoFile(name = 'selfie.png'): File {
  const bytes = Uint8Array.from(atob(PORTRAIT_PNG_BASE64), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type: 'image/png' });
}
