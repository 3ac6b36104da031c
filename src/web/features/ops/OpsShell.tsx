/**
 * The console's frame at /ops: its own top bar and section navigation instead of the
 * public header and footer. Signed out (no staff token, or the session ended), every console
 * page shows the staff sign-in instead; the sign-in and set-password pages stand alone.
 * Admins also see Staff and the Audit log.
 */
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { boardMessages } from '../../../shared/deliveries/boardMessages';
import { rateCardMessages } from '../../../shared/deliveries/rateCardMessages';
import { messages } from '../../../shared/messages';
import { staffRoleLabels, type OpsMe } from '../../../shared/opsForms';
import { opsPaths } from '../../../shared/opsPaths';
import { site } from '../../../shared/site';
import { opsApi } from './opsApi';
import { opsSession, useOpsToken } from './opsSession';
import './ops.css';

// Every staff member is a dispatcher or an admin: the board is for both.
const sections = [
  { to: opsPaths.deliveries, label: boardMessages.navLabel, admin: false },
  { to: opsPaths.inbox, label: messages.opsNav.inbox, admin: false },
  { to: opsPaths.waitlist, label: messages.opsNav.waitlist, admin: false },
  { to: opsPaths.riders, label: messages.opsNav.riders, admin: false },
  { to: opsPaths.newsletter, label: messages.opsNav.newsletter, admin: false },
  { to: '/ops/reviews', label: messages.opsNavReviews, admin: false },
  { to: opsPaths.rateCard, label: rateCardMessages.navLabel, admin: false },
  { to: opsPaths.staff, label: messages.opsNav.staff, admin: true },
  { to: opsPaths.audit, label: messages.opsNav.audit, admin: true },
] as const;

/** The signed-in member, asked once per token; a 404 means the session is over. */
function useMe(token: string | null): OpsMe | null {
  const [me, setMe] = useState<{ token: string; me: OpsMe } | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    opsApi<OpsMe>('/me').then(
      (answer) => live && setMe({ token, me: answer }),
      () => live && opsSession.expire(),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return me && me.token === token ? me.me : null;
}

export function OpsShell() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const token = useOpsToken();
  const me = useMe(token);
  const navigate = useNavigate();
  const standalone = pathname === opsPaths.login || pathname === opsPaths.setPassword;
  const signedOut = !standalone && token === null;

  useEffect(() => {
    if (signedOut) void navigate({ to: opsPaths.login, search: opsSession.takeExpired() ? { expired: '1' } : {}, replace: true });
  }, [signedOut, navigate]);

  useEffect(() => {
    document.title = `${messages.opsTitle} · ${site.name}`;
  }, [pathname]);

  const brand = (
    <span className="ops-brand">
      {site.name} · {messages.opsTitle}
    </span>
  );

  if (standalone || signedOut) {
    return (
      <div className="ops-shell ops-standalone">
        <header className="ops-bar">
          {brand}
        </header>
        <main id="ops-main" className="ops-main">
          {standalone ? <Outlet /> : null}
        </main>
      </div>
    );
  }

  const signOut = async () => {
    await opsApi('/auth/logout', { method: 'POST' }).catch(() => undefined);
    opsSession.set(null);
  };

  return (
    <div className="ops-shell">
      <header className="ops-bar">
        {brand}
        <span className="ops-me">{me ? messages.opsSignedInAs(me.email, staffRoleLabels[me.role]) : ''}</span>
        <button type="button" className="btn btn-secondary ops-signout" onClick={() => void signOut()}>
          {messages.opsSignOut}
        </button>
      </header>
      <nav className="ops-nav" aria-label={messages.opsNavLabel}>
        <ul>
          {sections
            .filter((s) => !s.admin || me?.role === 'admin')
            .map((s) => (
              <li key={s.to}>
                <Link to={s.to} activeProps={{ 'aria-current': 'page' }} activeOptions={{ exact: false }}>
                  {s.label}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <main id="ops-main" className="ops-main">
        <Outlet />
      </main>
    </div>
  );
}
