/**
 * The step-up confirmation of destructive console actions: the member types their
 * password or a fresh code from the authenticator app; the action's request carries it as
 * `confirmation` and the server checks it. The dialog only collects it: the action's own
 * machine says when it is busy and what failed.
 */
import { useState, type ReactNode } from 'react';
import { Modal } from '../../kit/components/Modal';
import { messages } from '../../../shared/messages';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in a sentence. */
  children?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** The server's message under the field, e.g. 'That password or code is not right'. */
  error: string | null;
  onConfirm: (confirmation: string) => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, children, confirmLabel, busy, error, onConfirm, onCancel }: ConfirmDialogProps) {
  // Only the typed secret lives here: it is an input's value, not workflow state.
  const [confirmation, setConfirmation] = useState('');
  return (
    <Modal title={title} onClose={onCancel} busy={busy} tone="danger">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(confirmation);
        }}
        noValidate
      >
        {children}
        <div className="field">
          <label htmlFor="ops-confirmation">{messages.opsConfirmLabel}</label>
          <input
            id="ops-confirmation"
            name="confirmation"
            type="password"
            autoComplete="current-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            aria-invalid={error ? 'true' : 'false'}
            aria-describedby={error ? 'ops-confirmation-error' : undefined}
            required
          />
          {error ? (
            <p id="ops-confirmation-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="ops-actions">
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? messages.submitting : confirmLabel}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            {messages.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
