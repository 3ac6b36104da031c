/** The console's waitlist: every state of its list and of its row actions. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { PagedListView } from '../../machines/kit/pagedListMachine';
import type { RowActionView } from '../../machines/kit/rowActionMachine';
import type { OpsWaitlistEntry } from '../../src/shared/invitations';
import { messages } from '../../src/shared/messages';
import { WaitlistView } from '../../src/web/features/ops/WaitlistView';
import '../../src/web/features/ops/ops.css';
import { actionSnapshot, inviteRequest, listSnapshot, revokeRequest, waitlistRows } from '../support/opsOutreachSnapshots';

function Screen({ list, action }: { list: PagedListView<OpsWaitlistEntry>; action: RowActionView }) {
  return <WaitlistView list={list} sendList={() => {}} action={action} sendAction={() => {}} />;
}

const meta = {
  title: 'Console/Waitlist',
  component: Screen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const idle = actionSnapshot('idle', null);
const rows = listSnapshot('idle', waitlistRows);

/** Every invitation state: none, valid until, expired, revoked, used. */
export const Entries: Story = {
  args: { list: rows, action: idle },
  parameters: { listState: 'idle', actionState: 'idle', keyText: [messages.opsWaitlistHeading, 'Mama Put Foods', messages.opsInvitationState.used, messages.opsInvitationState.revoked] },
};
export const Loading: Story = {
  args: { list: listSnapshot('loading', []), action: idle },
  parameters: { listState: 'loading', actionState: 'idle', keyText: [messages.opsWaitlistHeading] },
};
export const LoadFailed: Story = {
  args: { list: listSnapshot('failed', []), action: idle },
  parameters: { listState: 'failed', actionState: 'idle', keyText: [messages.opsLoadFailed, messages.tryAgain] },
};
export const Empty: Story = {
  args: { list: listSnapshot('idle', [], { filters: { q: 'nobody' } }), action: idle },
  parameters: { listState: 'idle', actionState: 'idle', keyText: [messages.opsEmpty] },
};
export const LoadingMore: Story = {
  args: { list: listSnapshot('loadingMore', waitlistRows), action: idle },
  parameters: { listState: 'loadingMore', actionState: 'idle', keyText: [messages.opsLoading] },
};
export const Refreshing: Story = {
  args: { list: listSnapshot('refreshing', waitlistRows), action: idle },
  parameters: { listState: 'refreshing', actionState: 'idle', keyText: [messages.opsRefreshing] },
};
export const FilteredInvited: Story = {
  args: { list: listSnapshot('idle', waitlistRows.filter((r) => r.status === 'invited'), { filters: { status: 'invited' } }), action: idle },
  parameters: { listState: 'idle', actionState: 'idle', keyText: ['Ikeja Pharmacy', 'Yaba Prints'] },
};
export const Inviting: Story = {
  args: { list: rows, action: actionSnapshot('working', inviteRequest) },
  parameters: { listState: 'idle', actionState: 'working', keyText: [messages.opsInviteWorking.invite] },
};
export const RevokeAsked: Story = {
  args: { list: rows, action: actionSnapshot('confirming', revokeRequest) },
  parameters: { listState: 'idle', actionState: 'confirming', keyText: [messages.opsRevokeTitle, messages.opsInviteRevokeConfirm('Ikeja Pharmacy'), messages.opsInviteCancel] },
};
export const Revoking: Story = {
  args: { list: rows, action: actionSnapshot('working', revokeRequest) },
  parameters: { listState: 'idle', actionState: 'working', keyText: [messages.opsInviteWorking.revoke] },
};
