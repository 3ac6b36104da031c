/**
 * What a company's invitation link shows at /company-signup?invite=… (issue 11), and the
 * server-rendered pages behind a subscriber's unsubscribe link.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { lagosDate } from '../../src/shared/invitations';
import { messages } from '../../src/shared/messages';
import { renderUnsubscribePage, type UnsubscribePageState } from '../../src/shared/unsubscribePage';
import { InvitationNotice, type InvitationCheck } from '../../src/web/features/invitation/InvitationNotice';
import { withRouter } from '../support/StoryRouter';

const meta = {
  title: 'Pages/Company invitation and unsubscribe',
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const expiresAt = '2026-11-28T13:05:00.000Z';
const notice = (check: InvitationCheck) => () => <InvitationNotice check={check} />;

export const InvitationChecking: Story = {
  render: notice({ state: 'checking' }),
  parameters: { invitationState: 'checking', keyText: [messages.invitationChecking] },
};
export const InvitationValid: Story = {
  render: notice({ state: 'valid', invitation: { companyName: 'Mama Put Foods', email: 'orders@mamaput.ng', expiresAt } }),
  parameters: { invitationState: 'valid', keyText: [messages.invitationValid('Mama Put Foods', lagosDate(expiresAt))] },
};
/** Expired, revoked, used and unknown links all read the same. */
export const InvitationNoLongerValid: Story = {
  render: notice({ state: 'invalid' }),
  parameters: { invitationState: 'invalid', keyText: [messages.invitationInvalid, messages.invitationContactUs] },
};
export const InvitationCheckFailed: Story = {
  render: notice({ state: 'failed' }),
  parameters: { invitationState: 'failed', keyText: [messages.submitFailed] },
};

/** The server's own HTML, shown in a frame as a browser would get it. */
const page = (state: UnsubscribePageState) => () => (
  <iframe title={messages.unsubscribeTitle} srcDoc={renderUnsubscribePage(state)} style={{ width: '100%', height: '420px', border: 0 }} />
);
const action = '/api/newsletter/unsubscribe?e=ada%40example.com&t=token';

export const UnsubscribeAsk: Story = {
  render: page({ kind: 'ask', email: 'ada@example.com', action }),
  parameters: { unsubscribeState: 'ask', html: renderUnsubscribePage({ kind: 'ask', email: 'ada@example.com', action }), keyText: [] },
};
export const UnsubscribeDone: Story = {
  render: page({ kind: 'done', email: 'ada@example.com' }),
  parameters: { unsubscribeState: 'done', html: renderUnsubscribePage({ kind: 'done', email: 'ada@example.com' }), keyText: [] },
};
export const UnsubscribeInvalid: Story = {
  render: page({ kind: 'invalid' }),
  parameters: { unsubscribeState: 'invalid', html: renderUnsubscribePage({ kind: 'invalid' }), keyText: [] },
};
