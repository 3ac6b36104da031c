import type { Preview } from '@storybook/react-vite';
import '../src/web/kit/styles.css';
import { installStoryEdge } from './support/edge';
import { installHcaptchaStandIn } from './support/hcaptchaStandIn';

const preview: Preview = {
  // Runs once before any story (in Storybook and in tests/storybook through composeStories).
  beforeAll: () => installStoryEdge(),
  decorators: [
    // The widget is hCaptcha's, not the machine's: a story whose snapshot holds a captcha
    // token (parameters.captchaSolved) shows it solved, as hCaptcha would.
    (Story, { parameters }) => {
      installHcaptchaStandIn().solvedOnRender = parameters.captchaSolved === true;
      return <Story />;
    },
  ],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i } },
  },
  // Mobile first (DESIGN.md §9): stories open at a phone's width.
  initialGlobals: { viewport: { value: 'mobile2', isRotated: false } },
};

export default preview;
