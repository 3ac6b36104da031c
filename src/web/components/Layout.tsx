import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { COPYRIGHT_START_YEAR } from '../../shared/constants';
import { paths } from '../../shared/routes';
import { site } from '../../shared/site';
import { Toasts } from './Toasts';

export const publicLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.aboutUs, label: 'About Us' },
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.termsAndConditions, label: 'Terms and Conditions' },
  { to: paths.contactUs, label: 'Contact Us' },
] as const;

function Header() {
  return (
    <header className="site-header">
      <div className="container">
        <Link to="/" className="logo" aria-label={`${site.name} home`}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{site.name}</span>
        </Link>
        <nav aria-label="Main">
          <ul className="nav-links">
            {publicLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} activeOptions={{ exact: true }} activeProps={{ className: 'active' }}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.login} activeProps={{ className: 'active' }}>
                Login
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <p>{site.aim}</p>
        <p>
          {site.address} · <a href={`tel:${site.phoneE164}`}>{site.phoneDisplay}</a> ·{' '}
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </p>
        <p>
          copyright {COPYRIGHT_START_YEAR}–{year} {site.name}
        </p>
      </div>
    </footer>
  );
}

/** The shell: header and footer everywhere but /login (spec §2). */
export function Layout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const bare = pathname === paths.login;
  return (
    <>
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      {bare ? null : <Header />}
      <main id="main">
        <Outlet />
      </main>
      {bare ? null : <Footer />}
      <Toasts />
    </>
  );
}
