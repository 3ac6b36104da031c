/**
 * The route table of spec §2. Every screen, the home page too, loads its code on demand
 * (DESIGN.md §8), with the spec's 120-second chunk time-out; a prerendered page's loader fetches
 * its screen's code beside the first chunk (scripts/prerender.mjs), so the other
 * screens' first chunk does not carry the home page and its forms.
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/constants';
import { messages } from '../shared/messages';
import { opsPaths } from '../shared/opsPaths';
import { paths, riderPaths } from '../shared/routes';
import {
  connectAuthNavigation,
  connectProfileCompletion,
  leaveCompanySignupWhenSignedIn,
  leaveLoginWhenSignedIn,
  requireBelongingTo,
  requireTokenAfterFirstStep,
} from './kit/session/guards';
import { Layout } from './kit/components/Layout';
import { reportError } from './kit/errorReporting';
import { connectPageTitles } from './kit/pageTitle';
import { ErrorPage } from './routes/ErrorPage';
import { NotFound } from './routes/NotFound';

type Module = { default: ComponentType };

/** A lazy screen whose chunk must arrive within 120 s, else 'Loading chunk failed'. */
function lazy(load: () => Promise<Module>) {
  return lazyRouteComponent(
    () =>
      new Promise<Module>((resolve, reject) => {
        const fail = (error: Error) => {
          reportError(error, 'chunk');
          reject(error);
        };
        const timer = setTimeout(() => fail(new Error(messages.chunkLoadFailed)), CHUNK_LOAD_TIMEOUT_MS);
        load().then(
          (m) => {
            clearTimeout(timer);
            resolve(m);
          },
          (e: unknown) => {
            clearTimeout(timer);
            fail(e instanceof Error ? e : new Error(String(e)));
          },
        );
      }),
  );
}

const rootRoute = createRootRoute({
  component: Layout,
  notFoundComponent: NotFound,
  errorComponent: ErrorPage,
});

const page = <TPath extends string>(path: TPath, component: RouteComponent) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.resetPassword,
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  // Spec §2: without a token query parameter the page redirects to /.
  beforeLoad: ({ search }) => {
    if (!search.token) throw redirect({ to: '/' });
  },
  component: lazy(() => import('./routes/ResetPassword')),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.login,
  // ?google=failed|off|suspended: a Google sign-in that did not complete (the page says so).
  validateSearch: (search: Record<string, unknown>): { google?: 'failed' | 'off' | 'suspended' } =>
    search.google === 'failed' || search.google === 'off' || search.google === 'suspended' ? { google: search.google } : {},
  beforeLoad: leaveLoginWhenSignedIn,
  component: lazy(() => import('./routes/Login')),
});

// ?step=N: the wizard's step (a reload or the verification e-mail's link); a step after the
// first needs a token (spec §8).
const riderSignupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.riderSignup,
  validateSearch: (search: Record<string, unknown>): { step?: number } => {
    const step = Number(search.step);
    return Number.isInteger(step) && step >= 2 && step <= 5 ? { step } : {};
  },
  beforeLoad: requireTokenAfterFirstStep,
  component: lazy(() => import('./routes/RiderSignup')),
});

// A signed-in company that opens its invitation link again goes to its dashboard.
const companySignupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.companySignup,
  beforeLoad: leaveCompanySignupWhenSignedIn,
  component: lazy(() => import('./routes/CompanySignup')),
});

const riderDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.riderDashboard,
  beforeLoad: requireBelongingTo(paths.riderDashboard),
  component: lazy(() => import('./routes/RiderDashboard')),
});

const riderJobsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: riderPaths.jobs,
  beforeLoad: requireBelongingTo(paths.riderDashboard),
  component: lazy(() => import('./routes/RiderJobs')),
});

// The operations console: its own frame, loaded on demand, never in a public page's code.
const opsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: opsPaths.home,
  component: lazy(() => import('./routes/ops/OpsFrame')),
});
const opsPage = <TPath extends string>(path: TPath, component: RouteComponent) =>
  createRoute({ getParentRoute: () => opsRoute, path, component });
const opsIndexRoute = createRoute({
  getParentRoute: () => opsRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: opsPaths.inbox, replace: true });
  },
});
const opsSetPasswordRoute = createRoute({
  getParentRoute: () => opsRoute,
  path: 'set-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: lazy(() => import('./routes/ops/SetPassword')),
});
// The board stays mounted while a delivery opens beside it: the delivery is a child address.
const opsDeliveriesRoute = opsPage('deliveries', lazy(() => import('./routes/ops/Deliveries')));
const opsDeliveryRoute = createRoute({ getParentRoute: () => opsDeliveriesRoute, path: '$id', component: lazy(() => import('./routes/ops/DeliveryDetail')) });
const opsTree = opsRoute.addChildren([
  opsIndexRoute,
  opsPage('login', lazy(() => import('./routes/ops/Login'))),
  opsSetPasswordRoute,
  opsPage('inbox', lazy(() => import('./routes/ops/Inbox'))),
  opsPage('inbox/$id', lazy(() => import('./routes/ops/InboxItem'))),
  opsPage('waitlist', lazy(() => import('./routes/ops/Waitlist'))),
  opsPage('riders', lazy(() => import('./routes/ops/Riders'))),
  opsPage('riders/$id', lazy(() => import('./routes/ops/RiderDetail'))),
  opsPage('newsletter', lazy(() => import('./routes/ops/Newsletter'))),
  opsPage('staff', lazy(() => import('./routes/ops/Staff'))),
  opsPage('audit', lazy(() => import('./routes/ops/Audit'))),
  opsPage('reviews', lazy(() => import('./routes/ops/Reviews'))),
  opsPage('rate-card', lazy(() => import('./routes/ops/RateCard'))),
  opsDeliveriesRoute.addChildren([opsDeliveryRoute]),
]);

// The company dashboard: its own tabs, behind a company sign-in.
const companyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.companyDashboard,
  beforeLoad: requireBelongingTo(paths.companyDashboard),
  component: lazy(() => import('./routes/company/CompanyFrame')),
});
const companyPage = <TPath extends string>(path: TPath, component: RouteComponent) =>
  createRoute({ getParentRoute: () => companyRoute, path, component });
const companyTree = companyRoute.addChildren([
  companyPage('/', lazy(() => import('./routes/company/Search'))),
  companyPage('shortlist', lazy(() => import('./routes/company/Shortlist'))),
  companyPage('hires', lazy(() => import('./routes/company/Hires'))),
  companyPage('deliveries', lazy(() => import('./routes/company/Deliveries'))),
  companyPage('account', lazy(() => import('./routes/company/Account'))),
  companyPage('riders/$username', lazy(() => import('./routes/company/RiderPage'))),
]);

export const routeTree = rootRoute.addChildren([
  page(paths.home, lazy(() => import('./routes/Home').then((m) => ({ default: m.Home })))),
  page(paths.aboutUs, lazy(() => import('./routes/AboutUs'))),
  page(paths.contactUs, lazy(() => import('./routes/ContactUs'))),
  page(paths.companyWaitlist, lazy(() => import('./routes/CompanyWaitlist'))),
  loginRoute,
  riderSignupRoute,
  resetPasswordRoute,
  page(paths.forgotPassword, lazy(() => import('./routes/ForgotPassword'))),
  page(paths.privacyPolicy, lazy(() => import('./routes/PrivacyPolicy'))),
  page(paths.termsAndConditions, lazy(() => import('./routes/TermsAndConditions'))),
  riderDashboardRoute,
  riderJobsRoute,
  companyTree,
  companySignupRoute,
  page(paths.sendParcel, lazy(() => import('./routes/SendParcel'))),
  opsTree,
]);

/** The router, not yet connected to the auth service and the page titles (connectAppRouter). */
export function newAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history, defaultPreload: 'intent', scrollRestoration: true });
}

export type AppRouter = ReturnType<typeof newAppRouter>;

/**
 * Connects the router to the auth service (which starts it) and the page titles. Apart from
 * newAppRouter so that a prerendered page can do each in a task of its own (staged.ts): on a
 * 4x-throttled phone each took 30-67 ms, together one long task.
 */
export function connectAppRouter(router: AppRouter): AppRouter {
  connectAuthNavigation(router);
  connectProfileCompletion(router);
  connectPageTitles(router);
  return router;
}

export function createAppRouter(history?: RouterHistory): AppRouter {
  return connectAppRouter(newAppRouter(history));
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
