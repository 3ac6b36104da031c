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
    // scripts/prerender.mjs reads it (the signed-in screens' shells name their scripts) and removes it.
    manifest: !isSsrBuild,
    // Issue 14: what every page loads comes in few files (each response's headers cost about
    // 1 kB on the wire): the libraries in one chunk, the API client and form basics in another.
    rolldownOptions: isSsrBuild ? {} : {
      output: {
        codeSplitting: {
          groups: [
            // The bundler's own runtime (0.4 kB) rides with the libraries rather than in a file of its own.
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store|xstate|@xstate|jwt-decode)[\\/]|rolldown[\\/]runtime/ },
            // The form basics too (the home page is a lazy screen like the others, and its forms are
            // also Contact Us', Login's and sign-up's).
            { name: 'app', test: /(src[\\/]web[\\/]api[\\/](client|http)|src[\\/]web[\\/]components[\\/](toast|Captcha|Field|PasswordField)|src[\\/]web[\\/]forms[\\/][^\\/]+|src[\\/]web[\\/](idlePrefetch|features[\\/]enquiries[\\/]EnquiryForm)|src[\\/]shared[\\/](forms|validation|api|constants)|machines[\\/](formMachine|formView|captchaPassMachine))\.tsx?$/ },
            // Issue 14: the rider screens' small shared modules in two files rather than eight (each
            // response costs ~1 kB of headers): the hire lists' (the dashboard, the company's pages, the
            // console's lists) and the rider profile's (the sign-up wizard and the dashboard); without
            // their dependencies, which the first pages share.
            { name: 'hires', test: /(src[\\/]web[\\/]features[\\/]hiring[\\/](HiresList|hiringApi)|machines[\\/]opsListMachine|src[\\/]shared[\\/](hiring|reviews)|src[\\/]web[\\/]components[\\/]JobSuccess)\.tsx?$/, includeDependenciesRecursively: false },
            { name: 'rider', test: /(src[\\/]shared[\\/](profile|signup|uploads|locations)|src[\\/]web[\\/]api[\\/](locations|upload)|src[\\/]web[\\/]uploads[\\/](resizeImage|pictureForm))\.tsx?$/, includeDependenciesRecursively: false },
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
