/**
 * Storybook for the React app (DESIGN.md §3, §7): one story per state of each view machine,
 * plus the design system's pieces. It builds offline: no telemetry, no addons fetched.
 */
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const config: StorybookConfig = {
  stories: ['./stories/**/*.stories.@(ts|tsx)'],
  framework: {
    name: '@storybook/react-vite',
    // The app's vite.config.ts roots Vite in src/web; stories get their own small config.
    options: { builder: { viteConfigPath: here('./vite.config.ts') } },
  },
  staticDirs: ['../src/web/public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Storybook takes only build.target from the Vite config; the rest of build goes here.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    build: { ...viteConfig.build, chunkSizeWarningLimit: 2000 },
  }),
};

export default config;
