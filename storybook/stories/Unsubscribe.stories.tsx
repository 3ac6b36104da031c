/**
 * The server-rendered pages behind a subscriber's unsubscribe link. (What a company's
 * invitation link shows is the sign-up itself: CompanySignup.stories.tsx.)
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../../src/shared/messages';
import { renderUnsubscribePage, type UnsubscribePageState } from '../../src/shared/unsubscribePage';

const meta = {
  title: 'Pages/Unsubscribe',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

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
