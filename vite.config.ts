import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineMessagesPlugin } from './scripts/inlineMessages';

// The app lives in src/web; the build goes to dist/web, which the API server serves.
export default defineConfig({
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
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/dev': 'http://127.0.0.1:3000',
    },
  },
});
