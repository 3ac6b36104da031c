import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineMessagesPlugin } from './scripts/inlineMessages';
import { jobWorkerPlugin } from './scripts/jobWorkerPlugin';

// The app lives in src/web; the build goes to dist/web, which the API server serves.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  // inlineMessagesPlugin: each page carries only the messages it shows. jobWorkerPlugin: the job
  // screen's service worker, dist/web/sw-jobs.js (the browser build only).
  plugins: [react(), inlineMessagesPlugin(), ...(isSsrBuild ? [] : [jobWorkerPlugin()])],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2020',
    cssCodeSplit: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    // scripts/prerender.mjs reads it (the signed-in screens' shells name their scripts) and removes it.
    manifest: !isSsrBuild,
    // What every page loads comes in few files (each response's headers cost about
    // 1 kB on the wire): the libraries in two chunks, the app's start, API client and form basics
    // in a third.
    rolldownOptions: isSsrBuild ? {} : {
      // Two entries: index.html's boot/main.tsx for the empty shells, boot/staged.ts for the prerendered
      // pages (it evaluates the libraries and the app in steps; scripts/prerender.mjs names it).
      input: {
        index: fileURLToPath(new URL('src/web/index.html', import.meta.url)),
        staged: fileURLToPath(new URL('src/web/boot/staged.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // Vite's preload helper on its own (0.8 kB brotli): the entry needs it, and in any other
            // chunk it would pull that chunk's imports into the entry's task. (The bundler keeps its
            // own runtime, 0.4 kB, in a file of its own whatever the groups say.)
            { name: 'runtime', test: /rolldown[\\/]runtime|vite[\\/]preload-helper/ },
            // Two library chunks, not one: on a prerendered page staged.ts evaluates each in a task of
            // its own (TBT ≤ 50 ms; ~3 kB more brotli than one chunk, as each compresses alone).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'libs', test: /node_modules[\\/](@tanstack|use-sync-external-store|xstate|@xstate|jwt-decode)[\\/]/ },
            // The app's start (src/web/boot/start.tsx: the router, the site's frame; staged.ts imports it
            // last), the HTTP client with the errors it converts to, and the form basics (the home page is a lazy screen like the others, and its
            // forms are also Contact Us', Login's and sign-up's).
            { name: 'app', test: /(src[\\/]web[\\/]kit[\\/]http[\\/](client|http)|src[\\/]web[\\/]kit[\\/]components[\\/](toast|Captcha|Field|PasswordField)|src[\\/]web[\\/]kit[\\/]forms[\\/][^\\/]+|src[\\/]web[\\/](boot[\\/]idlePrefetch|features[\\/]enquiries[\\/]EnquiryForm)|src[\\/]shared[\\/](forms|accountForms|validation|api|constants|requestErrors|phone)|machines[\\/]kit[\\/](formMachine|formView|captchaPassMachine|errors)|src[\\/]web[\\/]boot[\\/]start)\.tsx?$/ },
            // The rider screens' small shared modules in two files rather than eight (each
            // response costs ~1 kB of headers): the hire lists' (the dashboard, the company's pages, the
            // console's lists) and the rider profile's (the sign-up wizard and the dashboard); without
            // their dependencies, which the first pages share.
            { name: 'hires', test: /(src[\\/]web[\\/]features[\\/]hiring[\\/](HiresList|hiringApi)|machines[\\/]kit[\\/]pagedListMachine|src[\\/]shared[\\/](hiring|reviews)|src[\\/]web[\\/]kit[\\/](components[\\/]JobSuccess|download))\.tsx?$/, includeDependenciesRecursively: false },
            // The delivery record (profile.ts reads it; the dashboard and the company's rider page
            // show it), useLatest (the wizard's and the dashboard's hooks) and the invitations' dates
            // (the dashboard's "Waiting for you") ride here too: each was a file of its own, a request
            // of under 1 kB on the dashboard's first screen.
            { name: 'rider', test: /(src[\\/]shared[\\/](profile|signup|uploads|locations|invitations)|src[\\/]shared[\\/]deliveries[\\/](record|recordMessages)|src[\\/]web[\\/]kit[\\/]locations[\\/]locationsApi|src[\\/]web[\\/]kit[\\/]http[\\/]upload|src[\\/]web[\\/]kit[\\/]uploads[\\/](resizeImage|pictureForm)|src[\\/]web[\\/]kit[\\/]components[\\/](ErrorLine|DeliveryRecord)|src[\\/]web[\\/]kit[\\/]useLatest)\.tsx?$/, includeDependenciesRecursively: false },
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
