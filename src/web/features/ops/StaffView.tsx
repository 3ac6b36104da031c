/**
 * The console's staff page, admins only: who has access, at which role, whether
 * their second factor is set up; invite someone by e-mail; remove a member (their sessions end
 * at once), which asks for the password or a fresh code. The list is the console list machine,
 * the invitation the form machine, the removal the row-action machine: this view draws their
 * view models and sends their events.
 */
import type { InspectionEvent } from 'xstate';
import type { FormEvent as FormMachineEvent } from '../../../../machines/kit/formMachine';
import type { FormView } from '../../../../machines/kit/formView';
import type { PagedListView } from '../../../../machines/kit/pagedListMachine';
import type { RowActionView } from '../../../../machines/kit/rowActionMachine';
import type { MessageResponse } from '../../../shared/api';
import { messages } from '../../../shared/messages';
import { opsInviteStaffForm, STAFF_ROLES, staffRoleLabels, type OpsStaffMember } from '../../../shared/opsForms';
import { Field } from '../../kit/components/Field';
import { useFormMachine } from '../../kit/forms/useFormMachine';
import { opsApi } from './opsApi';
import { formatWhen, OpsList } from './OpsList';
import { OpsTable } from './OpsTable';
import { StepUpRowButton, StepUpRowDialog } from './StepUpRowAction';
import { useOpsList, type OpsListSend } from './useOpsList';
import { useRowAction, type RowActionSend } from './useRowAction';
import './staff.css';

interface StaffViewProps {
  list: PagedListView<OpsStaffMember>;
  sendList: OpsListSend;
  invite: FormView;
  sendInvite: (event: FormMachineEvent) => void;
  action: RowActionView;
  sendAction: RowActionSend;
}

const statusTone = { invited: 'new', active: 'good', removed: 'bad' } as const;

export function StaffView({ list, sendList, invite, sendInvite, action, sendAction }: StaffViewProps) {
  const columns = messages.opsStaffColumns;
  const roleError = invite.fieldError('role');
  return (
    <section aria-labelledby="ops-staff-heading">
      <h1 id="ops-staff-heading">{messages.opsStaffHeading}</h1>
      <form
        className="ops-card"
        aria-labelledby="ops-invite-heading"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          sendInvite({ type: 'SUBMIT' });
        }}
      >
        <h2 id="ops-invite-heading">{messages.opsStaffInviteHeading}</h2>
        <div className="ops-invite">
          <Field
            name="email"
            id="ops-invite-email"
            label={messages.opsEmailLabel}
            type="email"
            autoComplete="off"
            inputMode="email"
            maxLength={opsInviteStaffForm.fields.email!.maxLength}
            value={invite.values.email ?? ''}
            error={invite.fieldError('email')}
            onValueChange={(value) => sendInvite({ type: 'CHANGE', field: 'email', value })}
            required
          />
          <div className="field">
            <label htmlFor="ops-invite-role">{messages.opsRoleLabel}</label>
            <select
              id="ops-invite-role"
              name="role"
              value={invite.values.role ?? ''}
              aria-invalid={roleError ? true : undefined}
              aria-describedby={roleError ? 'ops-invite-role-error' : undefined}
              onChange={(event) => sendInvite({ type: 'CHANGE', field: 'role', value: event.target.value })}
              required
            >
              <option value="">—</option>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabels[role]}
                </option>
              ))}
            </select>
            {roleError ? (
              <p id="ops-invite-role-error" className="field-error" role="alert">
                {roleError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn" disabled={invite.busy}>
            {invite.busy ? messages.submitting : messages.opsStaffInvite}
          </button>
        </div>
      </form>
      <OpsList view={list} send={sendList} label={messages.opsStaffHeading}>
        {(items) => (
          <OpsTable caption={messages.opsStaffHeading} columns={[columns.email, columns.role, columns.status, columns.twoFactor, columns.added, columns.actions]}>
            {items.map((member) => (
              <tr key={member.id} aria-busy={action.busyRowId === member.id}>
                <td data-label={columns.email}>{member.email}</td>
                <td data-label={columns.role}>{staffRoleLabels[member.role]}</td>
                <td data-label={columns.status}>
                  <span className="ops-badge" data-tone={statusTone[member.status]}>
                    {messages.opsStaffStatus[member.status]}
                  </span>
                </td>
                <td data-label={columns.twoFactor}>{member.twoFactor ? messages.opsStaffTwoFactorOn : messages.opsStaffTwoFactorOff}</td>
                <td data-label={columns.added}>{formatWhen(member.createdAt)}</td>
                <td data-label={columns.actions}>
                  {member.status === 'removed' ? null : (
                    <StepUpRowButton action={action} sendAction={sendAction} rowId={member.id} name="remove" subject={member.email} label={messages.opsStaffRemove} />
                  )}
                </td>
              </tr>
            ))}
          </OpsTable>
        )}
      </OpsList>
      <StepUpRowDialog
        action={action}
        sendAction={sendAction}
        title={messages.opsStaffRemoveTitle}
        confirmLabel={messages.opsStaffRemove}
        help={messages.opsStaffRemoveHelp}
      />
    </section>
  );
}

/** The screen: the list, the invitation and the removal wired to the API. */
export function StaffScreen({ inspectList, inspectAction }: { inspectList?: (e: InspectionEvent) => void; inspectAction?: (e: InspectionEvent) => void }) {
  const { view: list, send: sendList } = useOpsList<OpsStaffMember>('/staff', { inspect: inspectList });
  const { view: invite, send: sendInvite } = useFormMachine({
    form: opsInviteStaffForm,
    captcha: false,
    submit: (values) => opsApi<MessageResponse>('/staff', { method: 'POST', body: { email: values.email ?? '', role: values.role ?? '' } }),
    successMessage: (output) => (output as MessageResponse).message,
    onSuccess: () => sendList({ type: 'REFRESH' }),
  });
  const { view: action, send: sendAction } = useRowAction({
    perform: (request, confirmation) => opsApi<MessageResponse>(`/staff/${request.rowId}`, { method: 'DELETE', body: { confirmation: confirmation ?? '' } }),
    onApplied: () => sendList({ type: 'REFRESH' }),
    inspect: inspectAction,
  });
  return <StaffView list={list} sendList={sendList} invite={invite} sendInvite={sendInvite} action={action} sendAction={sendAction} />;
}
