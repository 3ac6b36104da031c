/** The 404 page and the router's error page (spec §2), inside a minimal router for <Link>. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ErrorPage } from '../../src/web/routes/ErrorPage';
import { NotFound } from '../../src/web/routes/NotFound';
import { messages } from '../../src/shared/messages';
import { withRouter } from '../support/StoryRouter';

const meta = {
  title: 'Pages/Status pages',
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotFoundPage: Story = {
  render: () => <NotFound />,
  parameters: { keyText: [messages.pageNotFound, 'Go to the home page'] },
};

export const UnexpectedError: Story = {
  render: () => <ErrorPage error={new Error('Cannot read properties of undefined (reading "name")')} />,
  parameters: { keyText: [messages.unexpectedError, 'Cannot read properties of undefined (reading "name")'] },
};

/** An error that carries an HTTP status shows the status and its text. */
export const UnexpectedErrorWithStatus: Story = {
  render: () => <ErrorPage error={Object.assign(new Error('Service Unavailable'), { status: 503, statusText: 'Service Unavailable' })} />,
  parameters: { keyText: [messages.unexpectedError, '503 Service Unavailable'] },
};

/** A screen's code did not arrive (a dropped connection, or the 120-second limit). */
export const ChunkLoadFailed: Story = {
  render: () => <ErrorPage error={new Error(messages.chunkLoadFailed)} />,
  parameters: { keyText: [messages.chunkLoadFailed, messages.reloadPage] },
};
