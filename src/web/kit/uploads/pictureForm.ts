/**
 * The body of POST /api/users/upload-profile-image (sign-up step 4 and the dashboard's picture):
 * the focal point the rider chose in the square preview (the server squares the picture
 * there, see src/shared/uploads.ts for why the crop is the server's), then the photo shrunk in
 * the browser. The focal point goes first, so it is known before the file's bytes.
 */
import { FOCAL_POINT_FIELD, PICTURE_UPLOAD_MAX_SIDE, PICTURE_UPLOAD_SHORT_SIDE, formatFocalPoint, type FocalPoint } from '../../../shared/uploads';
import { resizeImage } from './resizeImage';

export async function pictureForm(file: Blob, focus: FocalPoint): Promise<FormData> {
  const sent = file instanceof File ? await resizeImage(file, { shortSide: PICTURE_UPLOAD_SHORT_SIDE, maxSide: PICTURE_UPLOAD_MAX_SIDE }) : file;
  const form = new FormData();
  form.append(FOCAL_POINT_FIELD, formatFocalPoint(focus));
  form.append('profile_image', sent, sent instanceof File ? sent.name : 'profile-image');
  return form;
}
