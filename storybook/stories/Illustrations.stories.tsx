/**
 * The illustrations, each at its real size with where it is used, and the navigation
 * progress bar that shows after 300 ms of a pending route change (a still bar here under
 * prefers-reduced-motion, sliding otherwise).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HeroArt } from '../../src/web/kit/components/HeroArt';
import { Illustration, illustrations, type IllustrationName } from '../../src/web/kit/components/Illustration';
import { NavigationProgressBar } from '../../src/web/kit/components/NavigationProgress';
import { messages } from '../../src/shared/messages';

const meta = {
  title: 'Design system/Illustrations',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const used: Record<IllustrationName, string> = {
  emptyList: 'Empty lists: work history, past employees, shortlist, search, hires',
  signupDone: 'Sign-up, last step (rider agreement)',
  company: 'Company waitlist and company sign-up without an invitation',
  notFound: 'Page not found (404)',
};

const shown = (name: IllustrationName): Story => ({
  render: () => (
    <figure style={{ margin: 0 }}>
      <Illustration name={name} />
      <figcaption>
        {used[name]} ({illustrations[name].width}×{illustrations[name].height})
      </figcaption>
    </figure>
  ),
  parameters: { keyText: [used[name]] },
});

export const Hero: Story = {
  render: () => (
    <section className="hero">
      <figure style={{ margin: 0 }}>
        <HeroArt />
        <figcaption>Home page hero: a dispatch motorbike with a box, a danfo, the bridge and the towers</figcaption>
      </figure>
    </section>
  ),
  parameters: { keyText: ['Home page hero'] },
};
export const EmptyList = shown('emptyList');
export const SignupDone = shown('signupDone');
export const Company = shown('company');
export const NotFound = shown('notFound');

/** A route change pending for more than 300 ms: the bar at the very top of the page. */
export const NavigationPending: Story = {
  render: () => (
    <>
      <NavigationProgressBar />
      <p>A route change has been pending for more than 300 ms: the bar at the top shows it.</p>
    </>
  ),
  parameters: { keyText: ['pending for more than 300 ms'] },
  play: async ({ canvasElement }) => {
    const bar = canvasElement.ownerDocument.querySelector('[role="progressbar"]');
    if (bar?.getAttribute('aria-label') !== messages.navigationLoading) throw new Error('the progress bar has no label');
  },
};
