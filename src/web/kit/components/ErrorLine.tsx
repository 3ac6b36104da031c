/** A field's or a form's error under it, announced as it appears; nothing while there is none. */
export function ErrorLine({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}
