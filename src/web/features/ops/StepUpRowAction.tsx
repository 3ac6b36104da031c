/**
 * A destructive row action that asks for the password or a fresh code (the row-action machine's
 * `stepUp` confirmation): the row's button, and the dialog it opens.
 */
import type { RowActionView } from '../../../../machines/kit/rowActionMachine';
import { ConfirmDialog } from './ConfirmDialog';
import type { RowActionSend } from './useRowAction';

interface StepUpRowButtonProps {
  action: RowActionView;
  sendAction: RowActionSend;
  rowId: string;
  /** The action's name in the request (e.g. 'remove'). */
  name: string;
  /** What the row is, for the dialog's title and the button's hidden text (e.g. the address). */
  subject: string;
  label: string;
}

export function StepUpRowButton({ action, sendAction, rowId, name, subject, label }: StepUpRowButtonProps) {
  return (
    <button
      type="button"
      className="btn btn-small btn-secondary"
      disabled={action.state !== 'idle'}
      onClick={() => sendAction({ type: 'START', request: { rowId, action: name, confirm: 'stepUp', subject } })}
    >
      {label}
      <span className="visually-hidden"> {subject}</span>
    </button>
  );
}

interface StepUpRowDialogProps {
  action: RowActionView;
  sendAction: RowActionSend;
  /** The dialog's title for the row's subject. */
  title: (subject: string) => string;
  confirmLabel: string;
  /** What will happen, in a sentence. */
  help: string;
}

/** The dialog while the action asks (or sends what it asked for); nothing otherwise. */
export function StepUpRowDialog({ action, sendAction, title, confirmLabel, help }: StepUpRowDialogProps) {
  if (!action.dialogOpen || !action.request) return null;
  return (
    <ConfirmDialog
      title={title(action.request.subject)}
      confirmLabel={confirmLabel}
      busy={action.state === 'working'}
      error={action.error}
      onConfirm={(confirmation) => sendAction({ type: 'CONFIRM', confirmation })}
      onCancel={() => sendAction({ type: 'CANCEL' })}
    >
      <p>{help}</p>
    </ConfirmDialog>
  );
}
