/**
 * The console's staff page, audit log and set-password page in every state of their
 * machines: the list (pagedListMachine), the removal (rowActionMachine), the invitation and
 * the set-password form (formMachine), each from real snapshots. `parameters.page` and the
 * `*State` parameters are what tests/storybook/opsStaffStories.test.tsx holds them to.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { FormView } from '../../machines/kit/formView';
import { formSnapshotToView } from '../../machines/kit/formView';
import type { PagedListView } from '../../machines/kit/pagedListMachine';
import type { RowActionView } from '../../machines/kit/rowActionMachine';
import { messages } from '../../src/shared/messages';
import type { OpsAuditEntry } from '../../src/shared/opsAudit';
import { opsInviteStaffForm, opsSetPasswordForm, type OpsStaffMember } from '../../src/shared/opsForms';
import { AuditView } from '../../src/web/features/ops/AuditView';
import { SetPasswordView } from '../../src/web/features/ops/SetPasswordView';
import { StaffView } from '../../src/web/features/ops/StaffView';
import '../../src/web/features/ops/ops.css';
import { on, snapshotAfter } from '../support/formSnapshots';
import { actionSnapshot, listSnapshot } from '../support/opsOutreachSnapshots';
import { auditRows, staffRows } from '../support/opsStaffSnapshots';
import { withRouter } from '../support/StoryRouter';

interface ScreenProps {
  page: 'staff' | 'audit' | 'setPassword';
  staff?: PagedListView<OpsStaffMember>;
  audit?: PagedListView<OpsAuditEntry>;
  action?: RowActionView;
  form?: FormView;
  linkMissing?: boolean;
}

function Screen({ page, staff, audit, action, form, linkMissing }: ScreenProps) {
  return (
    <div className={page === 'setPassword' ? 'ops-shell ops-standalone' : 'ops-shell'}>
      <main className="ops-main">
        {page === 'staff' ? <StaffView list={staff!} sendList={() => {}} invite={form!} sendInvite={() => {}} action={action!} sendAction={() => {}} /> : null}
        {page === 'audit' ? <AuditView list={audit!} sendList={() => {}} /> : null}
        {page === 'setPassword' ? <SetPasswordView view={form!} send={() => {}} linkMissing={linkMissing ?? false} /> : null}
      </main>
    </div>
  );
}

const meta = {
  title: 'Console/Staff and audit',
  component: Screen,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const invite = (events: Parameters<typeof snapshotAfter>[1] = []) => formSnapshotToView(snapshotAfter({ form: opsInviteStaffForm, captchaPassed: true }, events));
const setPassword = (events: Parameters<typeof snapshotAfter>[1] = []) => formSnapshotToView(snapshotAfter({ form: opsSetPasswordForm, captchaPassed: true }, events));
const idle = actionSnapshot('idle', null);
const removeRequest = { rowId: staffRows[1]!.id, action: 'remove', confirm: 'stepUp' as const, subject: staffRows[1]!.email };
const staffPage = (list: PagedListView<OpsStaffMember>, action: RowActionView = idle, form: FormView = invite()) => ({ page: 'staff' as const, staff: list, action, form });
const rows = listSnapshot('idle', staffRows);
const filled = [on.type('email', 'new.desk@ogbadispatch.ng'), on.type('role', 'dispatcher')];

export const Staff: Story = {
  args: staffPage(rows),
  parameters: { page: 'staff', listState: 'idle', actionState: 'idle', formState: 'editing', keyText: [messages.opsStaffHeading, messages.opsStaffInviteHeading, 'amaka@ogbadispatch.ng', messages.opsStaffStatus.invited, messages.opsStaffTwoFactorOff] },
};
export const StaffLoading: Story = { args: staffPage(listSnapshot('loading', [])), parameters: { page: 'staff', listState: 'loading', actionState: 'idle', formState: 'editing', keyText: [messages.opsStaffHeading] } };
export const StaffLoadFailed: Story = { args: staffPage(listSnapshot('failed', [])), parameters: { page: 'staff', listState: 'failed', actionState: 'idle', formState: 'editing', keyText: [messages.opsLoadFailed, messages.tryAgain] } };
export const StaffEmpty: Story = { args: staffPage(listSnapshot('idle', [])), parameters: { page: 'staff', listState: 'idle', actionState: 'idle', formState: 'editing', keyText: [messages.opsEmpty] } };
export const StaffLoadingMore: Story = { args: staffPage(listSnapshot('loadingMore', staffRows)), parameters: { page: 'staff', listState: 'loadingMore', actionState: 'idle', formState: 'editing', keyText: [messages.opsLoading] } };
export const StaffRefreshing: Story = { args: staffPage(listSnapshot('refreshing', staffRows)), parameters: { page: 'staff', listState: 'refreshing', actionState: 'idle', formState: 'editing', keyText: [messages.opsRefreshing] } };
export const InviteInvalid: Story = {
  args: staffPage(rows, idle, invite([on.type('email', 'not-an-address'), on.submit])),
  parameters: { page: 'staff', listState: 'idle', actionState: 'idle', formState: 'invalid', keyText: [messages.invalidEmail] },
};
export const InviteExists: Story = {
  args: staffPage(rows, idle, invite([...filled, on.submit, on.submitRejected('email', messages.opsStaffExists)])),
  parameters: { page: 'staff', listState: 'idle', actionState: 'idle', formState: 'invalid', keyText: [messages.opsStaffExists] },
};
export const Inviting: Story = {
  args: staffPage(rows, idle, invite([...filled, on.submit])),
  parameters: { page: 'staff', listState: 'idle', actionState: 'idle', formState: 'submitting', keyText: [messages.submitting] },
};
export const Invited: Story = {
  args: staffPage(rows, idle, invite([...filled, on.submit, on.submitted({ message: messages.opsStaffInvited('new.desk@ogbadispatch.ng') })])),
  parameters: { page: 'staff', listState: 'idle', actionState: 'idle', formState: 'succeeded', keyText: [messages.opsStaffInvite] },
};
export const RemoveAsked: Story = {
  args: staffPage(rows, actionSnapshot('confirming', removeRequest)),
  parameters: { page: 'staff', listState: 'idle', actionState: 'confirming', formState: 'editing', keyText: [messages.opsStaffRemoveTitle('tunde@ogbadispatch.ng'), messages.opsStaffRemoveHelp, messages.opsConfirmLabel] },
};
export const RemoveRefused: Story = {
  args: staffPage(rows, actionSnapshot('confirming', removeRequest, messages.opsConfirmFailed)),
  parameters: { page: 'staff', listState: 'idle', actionState: 'confirming', formState: 'editing', keyText: [messages.opsConfirmFailed] },
};
export const Removing: Story = {
  args: staffPage(rows, actionSnapshot('working', removeRequest)),
  parameters: { page: 'staff', listState: 'idle', actionState: 'working', formState: 'editing', keyText: [messages.submitting] },
};

const auditPage = (list: PagedListView<OpsAuditEntry>) => ({ page: 'audit' as const, audit: list });
export const Audit: Story = {
  args: auditPage(listSnapshot('idle', auditRows, { next: 'cursor' })),
  parameters: { page: 'audit', listState: 'idle', keyText: [
      messages.opsAuditHeading,
      'tunde@ogbadispatch.ng (dispatcher) suspended rider Bola Adeyemi (@bola_rides)',
      'The ID document does not match the selfie',
      'amaka@ogbadispatch.ng (admin) removed former@ogbadispatch.ng from the console',
      'The server command line invited new.desk@ogbadispatch.ng to the console',
      messages.opsLoadMore,
    ],
  },
};
export const AuditFiltered: Story = {
  args: auditPage(listSnapshot('idle', auditRows.slice(1, 2), { filters: { action: 'staff.remove' } })),
  parameters: { page: 'audit', listState: 'idle', keyText: [messages.opsAuditClear, 'amaka@ogbadispatch.ng (admin) removed former@ogbadispatch.ng from the console'] },
};
export const AuditNoMatch: Story = {
  args: auditPage(listSnapshot('idle', [], { filters: { staff: 'nobody@ogbadispatch.ng' } })),
  parameters: { page: 'audit', listState: 'idle', keyText: [messages.opsAuditEmpty] },
};
export const AuditLoading: Story = { args: auditPage(listSnapshot('loading', [])), parameters: { page: 'audit', listState: 'loading', keyText: [messages.opsAuditHeading] } };
export const AuditLoadFailed: Story = { args: auditPage(listSnapshot('failed', [])), parameters: { page: 'audit', listState: 'failed', keyText: [messages.opsLoadFailed] } };
export const AuditLoadingMore: Story = { args: auditPage(listSnapshot('loadingMore', auditRows)), parameters: { page: 'audit', listState: 'loadingMore', keyText: [messages.opsLoading] } };
export const AuditRefreshing: Story = { args: auditPage(listSnapshot('refreshing', auditRows)), parameters: { page: 'audit', listState: 'refreshing', keyText: [messages.opsRefreshing] } };

const passwordPage = (form: FormView, linkMissing = false) => ({ page: 'setPassword' as const, form, linkMissing });
const strong = [on.type('password', 'ogba-rides-at-dawn-42'), on.type('confirmPassword', 'ogba-rides-at-dawn-42')];
export const SetPassword: Story = { args: passwordPage(setPassword()), parameters: { page: 'setPassword', formState: 'editing', keyText: [messages.opsSetPasswordHeading, messages.opsSetPassword] } };
export const SetPasswordTooCommon: Story = {
  args: passwordPage(setPassword([on.type('password', 'password123'), on.type('confirmPassword', 'password123'), on.submit, on.submitRejected('password', messages.passwordTooCommon)])),
  parameters: { page: 'setPassword', formState: 'invalid', keyText: [messages.passwordTooCommon] },
};
export const SettingPassword: Story = { args: passwordPage(setPassword([...strong, on.submit])), parameters: { page: 'setPassword', formState: 'submitting', keyText: [messages.submitting] } };
export const PasswordSet: Story = {
  args: passwordPage(setPassword([...strong, on.submit, on.submitted({ message: messages.opsPasswordSet })])),
  parameters: { page: 'setPassword', formState: 'succeeded', keyText: [messages.opsPasswordSet, messages.opsGoToSignIn] },
};
export const SetPasswordNoLink: Story = { args: passwordPage(setPassword(), true), parameters: { page: 'setPassword', formState: 'editing', keyText: [messages.opsLinkInvalid] } };
