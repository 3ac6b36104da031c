/** The dashboard forms' select and file inputs, with the error line of components/Field.tsx. */
import { useEffect, useState, type ReactNode } from 'react';
import type { FileLike } from '../../../../machines/profile/profileModals';
import type { FocalPoint } from '../../../shared/uploads';
import { describedByOf, FieldMessages, type FieldNotes } from '../../kit/components/Field';
import { PictureCrop } from '../../kit/uploads/PictureCrop';
import { PictureSource } from '../../kit/uploads/PictureSource';

type Described = FieldNotes;

interface SelectFieldProps extends Described {
  name: string;
  label: string;
  value: string;
  options: readonly string[];
  placeholder: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  required?: boolean;
  /** Shown after the label, e.g. '(optional)'. */
  labelHint?: string;
  /** What an option reads as, when its value is a code (the ID kinds). */
  labelOf?: (option: string) => string;
}

export function SelectField({ id, name, label, value, options, placeholder, onValueChange, error, hint, disabled, required, labelHint, labelOf }: SelectFieldProps) {
  // A value the list does not have (a place from older data) stays choosable.
  const all = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {labelHint ? <span className="field-hint"> {labelHint}</span> : null}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf({ id, error, hint })}
        onChange={(e) => onValueChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {all.map((option) => (
          <option key={option} value={option}>
            {labelOf ? labelOf(option) : option}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

interface DateFieldProps extends Described {
  name: string;
  label: string;
  value: string;
  max: string;
  min?: string;
  onValueChange: (value: string) => void;
  labelHint?: string;
  required?: boolean;
}

export function DateField({ id, name, label, value, max, min, onValueChange, error, hint, labelHint, required }: DateFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {labelHint ? <span className="field-hint"> {labelHint}</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        value={value}
        max={max}
        min={min}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf({ id, error, hint })}
        onChange={(e) => onValueChange(e.target.value)}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

interface FileFieldProps extends Described {
  name: string;
  label: string;
  accept: string;
  file: FileLike | null;
  onFile: (file: File | null) => void;
  /** What is on file already, e.g. 'nin-slip.pdf'. */
  current?: ReactNode;
  labelHint?: string;
  /** Show a preview of a chosen image. */
  preview?: boolean;
  /** A picture: "Take a photo" (this camera) and "Choose from gallery" in place of the bare input. */
  capture?: 'user' | 'environment';
  /** With capture: what the camera input accepts, when not `accept`, and the other button's words. */
  cameraAccept?: string;
  chooseLabel?: string;
  /** The preview is the square the picture is stored as, recentred by the rider (null: not now). */
  crop?: { focus: FocalPoint; onRecentre: ((focus: FocalPoint) => void) | null };
}

/** A chosen image's preview: an object URL that lives as long as the choice (presentation only). */
function Preview({ id, file, crop }: { id: string; file: FileLike; crop?: FileFieldProps['crop'] }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!(file instanceof Blob) || !file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  if (!url) return null;
  if (crop) return <PictureCrop id={`${id}-crop`} src={url} alt="Preview of the chosen picture" focus={crop.focus} onRecentre={crop.onRecentre} />;
  return <img className="file-preview" src={url} alt="Preview of the chosen picture" width={120} height={120} />;
}

export function FileField({ id, name, label, accept, file, onFile, error, hint, current, labelHint, preview, capture, cameraAccept, chooseLabel, crop }: FileFieldProps) {
  return (
    <div className="field file-field">
      <label htmlFor={id}>
        {label}
        {labelHint ? <span className="field-hint"> {labelHint}</span> : null}
      </label>
      {current ? <p className="file-current">{current}</p> : null}
      {capture ? (
        <PictureSource
          id={id}
          name={name}
          accept={accept}
          cameraAccept={cameraAccept}
          chooseLabel={chooseLabel}
          capture={capture}
          invalid={!!error} describedBy={describedByOf({ id, error, hint })} onFile={onFile} />
      ) : (
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf({ id, error, hint })}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      )}
      {file ? (
        <p className="file-chosen">
          Chosen: <strong>{file.name}</strong> ({formatSize(file.size)})
        </p>
      ) : null}
      {file && preview ? <Preview id={id} file={file} crop={crop} /> : null}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
