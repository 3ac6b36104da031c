/**
 * The navigation shell's header (spec §2): the logo, the five public links and Login; when
 * signed in, a round profile picture with a Dashboard/Logout dropdown. At 789px or less a
 * menu button opens the same links in an overlay from the right. A rider sees how many things
 * wait (hire requests, reviews, an ID to upload again) beside Dashboard and on the menu's button. The open/closed states are
 * plain presentation toggles.
 */
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { dashboardOf } from '../../../shared/destination';
import { paths } from '../../../shared/routes';
import { site } from '../../../shared/site';
import { messages } from '../../../shared/messages';
import { USER_TYPE_RIDER } from '../../../shared/constants';
import { useAuth, type AuthView } from '../session/useAuth';
import { useWaitingCount } from '../session/waiting';
import { CloseIcon, MenuIcon } from './Icons';
import { DEFAULT_AVATAR, publicLinks } from './navLinks';
import { useDropdown } from './useDropdown';
import { useIsMobile } from './useIsMobile';

function Avatar({ url, size }: { url: string | null; size: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="avatar"
      src={url && !failed ? url : DEFAULT_AVATAR}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}

/** The number waiting for a rider, beside Dashboard; nothing when none or not known. */
function WaitingBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span className="waiting-badge" role="img" aria-label={messages.waitingCount(count)} title={messages.waitingCount(count)}>
      {count}
    </span>
  );
}

/** On the button that opens the menu: the same number, seen without opening it (its label says it in the menu). */
function WaitingDot({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span className="waiting-badge waiting-badge-corner" aria-hidden="true">
      {count}
    </span>
  );
}

/** The signed-in dropdown: closes on a click outside it, on Escape and on leaving it by Tab. */
function ProfileMenu({ auth, waiting }: { auth: AuthView; waiting: number | null }) {
  const { open, setOpen, root, button } = useDropdown();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  useEffect(() => setOpen(false), [pathname, setOpen]);

  return (
    <div className="profile-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="avatar-button"
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls="profile-menu-list"
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar url={auth.pictureUrl} size={40} />
        <WaitingDot count={waiting} />
      </button>
      <ul id="profile-menu-list" className="dropdown" hidden={!open}>
        <li>
          <Link to={dashboardOf(auth.userType)} onClick={() => setOpen(false)}>
            Dashboard
            <WaitingBadge count={waiting} />
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              auth.logout();
            }}
          >
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}

/** The phone menu: a modal dialog sliding in from the right. */
function MobileMenu({ auth, isMobile, waiting }: { auth: AuthView; isMobile: boolean; waiting: number | null }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // A page change (a link in the menu, or back/forward) and a widened window close it: a change,
  // not the first render, where a tap made before the page came alive may just have opened it
  // (typedBeforeHydration.ts taps it again once React owns the button).
  const seen = useRef({ pathname, isMobile });
  useEffect(() => {
    if (seen.current.pathname !== pathname || (seen.current.isMobile && !isMobile)) setOpen(false);
    seen.current = { pathname, isMobile };
  }, [pathname, isMobile]);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      closeButton.current?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
      opener.current?.focus();
    }
  }, [open]);

  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="icon-button menu-button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
        <WaitingDot count={waiting} />
      </button>
      <dialog
        ref={dialog}
        id="mobile-menu"
        className="mobile-menu"
        aria-label="Menu"
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        onClose={() => {
          // The browser delivers a close's event later (Chromium: at a later frame). By then the
          // menu may have been opened again (a quick tap, a loaded phone; seen in CI); that late
          // event must not close it. https://html.spec.whatwg.org/multipage/interactive-elements.html#close-the-dialog
          if (!dialog.current?.open) close();
        }}
        onClick={(e) => {
          // A click on the dimmed backdrop (the dialog itself, outside the panel) closes it.
          if (e.target === e.currentTarget) close();
        }}
      >
        <div className="mobile-menu-panel">
          <div className="mobile-menu-top">
            {auth.signedIn ? <Avatar url={auth.pictureUrl} size={40} /> : <span className="mobile-menu-title">Menu</span>}
            <button ref={closeButton} type="button" className="icon-button" aria-label="Close menu" onClick={close}>
              <CloseIcon />
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul className="mobile-links">
              {publicLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} activeOptions={{ exact: true }} onClick={close}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {auth.signedIn ? (
                <>
                  <li>
                    <Link to={dashboardOf(auth.userType)} onClick={close}>
                      Dashboard
                      <WaitingBadge count={waiting} />
                    </Link>
                  </li>
                  <li>
                    <button
                      type="button"
                      onClick={() => {
                        close();
                        auth.logout();
                      }}
                    >
                      Logout
                    </button>
                  </li>
                </>
              ) : (
                <li>
                  <Link to={paths.login} onClick={close}>
                    Login
                  </Link>
                </li>
              )}
            </ul>
          </nav>
        </div>
      </dialog>
    </>
  );
}

export function Header() {
  const auth = useAuth();
  const isMobile = useIsMobile();
  // What waits for a signed-in rider, counted beside Dashboard.
  const waiting = useWaitingCount(auth.signedIn && auth.userType === USER_TYPE_RIDER);
  return (
    <header className="site-header">
      <div className="container header-bar">
        <Link to="/" className="logo" aria-label={`${site.name} home`}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{site.name}</span>
        </Link>
        <nav aria-label="Main" className="desktop-nav">
          <ul className="nav-links">
            {publicLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} activeOptions={{ exact: true }}>
                  {link.label}
                </Link>
              </li>
            ))}
            {auth.signedIn ? null : (
              <li>
                <Link to={paths.login} activeOptions={{ exact: true }}>
                  Login
                </Link>
              </li>
            )}
          </ul>
          {auth.signedIn && !isMobile ? <ProfileMenu auth={auth} waiting={waiting} /> : null}
        </nav>
        <MobileMenu auth={auth} isMobile={isMobile} waiting={waiting} />
      </div>
    </header>
  );
}
