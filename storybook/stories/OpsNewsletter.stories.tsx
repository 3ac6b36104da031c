/** The console's newsletter: every state of its list and of its unsubscribe. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { PagedListView } from '../../machines/kit/pagedListMachine';
import type { RowActionView } from '../../machines/kit/rowActionMachine';
import { messages } from '../../src/shared/messages';
import type { OpsSubscriber } from '../../src/shared/opsNewsletter';
import { NewsletterView } from '../../src/web/features/ops/NewsletterView';
import '../../src/web/features/ops/ops.css';
import { actionSnapshot, listSnapshot, subscriberRows, unsubscribeRequest } from '../support/opsOutreachSnapshots';

function Screen({ list, action }: { list: PagedListView<OpsSubscriber>; action: RowActionView }) {
  return <NewsletterView list={list} sendList={() => {}} action={action} sendAction={() => {}} onExport={() => {}} />;
}

const meta = {
  title: 'Console/Newsletter',
  component: Screen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const idle = actionSnapshot('idle', null);
const rows = listSnapshot('idle', subscriberRows);

export const Subscribers: Story = {
  args: { list: rows, action: idle },
  parameters: { listState: 'idle', actionState: 'idle', keyText: [messages.opsNewsletterHeading, messages.opsNewsletterExport, 'ada@example.com', '/contact-us'] },
};
export const Loading: Story = {
  args: { list: listSnapshot('loading', []), action: idle },
  parameters: { listState: 'loading', actionState: 'idle', keyText: [messages.opsNewsletterHeading] },
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
  args: { list: listSnapshot('loadingMore', subscriberRows), action: idle },
  parameters: { listState: 'loadingMore', actionState: 'idle', keyText: [messages.opsLoading] },
};
export const Refreshing: Story = {
  args: { list: listSnapshot('refreshing', subscriberRows), action: idle },
  parameters: { listState: 'refreshing', actionState: 'idle', keyText: [messages.opsRefreshing] },
};
export const UnsubscribeAsked: Story = {
  args: { list: rows, action: actionSnapshot('confirming', unsubscribeRequest) },
  parameters: { listState: 'idle', actionState: 'confirming', keyText: [messages.opsNewsletterUnsubscribeTitle('ada@example.com'), messages.opsConfirmLabel] },
};
export const UnsubscribeRefused: Story = {
  args: { list: rows, action: actionSnapshot('confirming', unsubscribeRequest, messages.opsConfirmFailed) },
  parameters: { listState: 'idle', actionState: 'confirming', keyText: [messages.opsConfirmFailed] },
};
export const Unsubscribing: Story = {
  args: { list: rows, action: actionSnapshot('working', unsubscribeRequest) },
  parameters: { listState: 'idle', actionState: 'working', keyText: [messages.submitting] },
};
