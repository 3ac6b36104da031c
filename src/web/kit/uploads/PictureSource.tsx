/**
 * The styled picture control: "Take a photo" (the phone's camera, where it has one:
 * capture) and "Choose from gallery", two buttons in place of the bare file input that said
 * "No file chosen". Each is a <label> styled as a button over a visually hidden file input, so
 * the keyboard, screen readers and tests reach real inputs. The gallery input keeps the caller's
 * id (and name): the field's own <label htmlFor={id}> ("Profile picture") still names it.
 */
import type { ChangeEvent } from 'react';
import { messages } from '../../../shared/messages';
import './uploads.css';

export interface PictureSourceProps {
  /** The gallery input's id: the caller's field label points at it. */
  id: string;
  name: string;
  accept: string;
  /** Which camera the phone opens: the front one for a face, the back one for a document. */
  capture: 'user' | 'environment';
  /** What the camera input accepts (default: accept), and the other button's words (default: 'Choose from gallery'). */
  cameraAccept?: string;
  chooseLabel?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  onFile: (file: File | null) => void;
}

export function PictureSource({ id, name, accept, cameraAccept, chooseLabel, capture, disabled, invalid, describedBy, onFile }: PictureSourceProps) {
  const chosen = (e: ChangeEvent<HTMLInputElement>) => {
    onFile(e.target.files?.[0] ?? null);
    // The same photo chosen again still reports a change.
    e.target.value = '';
  };
  const common = {
    type: 'file' as const,
    accept,
    disabled,
    className: 'visually-hidden',
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy,
    onChange: chosen,
  };
  return (
    <div className="picture-source">
      <input id={`${id}-camera`} capture={capture} {...common} accept={cameraAccept ?? accept} />
      <label htmlFor={`${id}-camera`} className="btn btn-secondary picture-source-button" aria-disabled={disabled || undefined}>
        {messages.takePhoto}
      </label>
      <input id={id} name={name} {...common} />
      <label htmlFor={id} className="btn btn-secondary picture-source-button" aria-disabled={disabled || undefined}>
        {chooseLabel ?? messages.chooseFromGallery}
      </label>
    </div>
  );
}
