import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineMessagesPlugin } from './scripts/inlineMessages';

// The app lives in src/web; the build goes to dist/web, which the API server serves.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  // inlineMessagesPlugin: each page carries only the messages it shows (issue 14).
  plugins: [react(), inlineMessagesPlugin()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2020',
    cssCodeSplit: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    // Issue 14: what every page loads comes in few files (each response's headers cost about
    // 1 kB on the wire): the libraries in one chunk, the API client and form basics in another.
    rolldownOptions: isSsrBuild ? {} : {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store|xstate|@xstate|jwt-decode)[\\/]/ },
            { name: 'app', test: /(src[\\/]web[\\/]api[\\/](client|http)|src[\\/]web[\\/]components[\\/]toast|src[\\/]shared[\\/](forms|validation|api)|machines[\\/]formMachine)\.tsx?$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/dev': 'http://127.0.0.1:3000',
    },
  },
}));
