/** The Vite config Storybook builds with: the app's plugins without the app's root (src/web). */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2020', chunkSizeWarningLimit: 2000 },
});
