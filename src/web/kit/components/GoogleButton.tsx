/**
 * 'Continue with Google' (spec §2 'Login', sign-up step 1): a plain link to GET /api/auth/google,
 * which goes to Google and comes back to the home page with the token. When the server has no
 * GOOGLE_CLIENT_ID (GET /api/config's googleSignIn false) the button is not shown at all.
 */
import { useEffect, useState } from 'react';
import { loadPublicConfig } from '../http/client';
import './authControls.css';

const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

/**
 * null until the server's configuration has arrived. `wanted` false: not asked yet (the wizard
 * shows the button on step 1 only, and a rider resuming at a later step does not pay a request
 * and a re-render of the step for it).
 */
export function useGoogleSignInEnabled(wanted = true): boolean | null {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadPublicConfig().then(
      (config) => live && setEnabled(config.googleSignIn),
      () => live && setEnabled(null),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return enabled;
}

function GoogleMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/** Nothing when the server says Google sign-in is not configured; the link while it is, or not yet known. */
export function GoogleButton({ enabled }: { enabled: boolean | null }) {
  if (enabled === false) return null;
  return (
    <div className="google-sign-in">
      <a className="btn btn-secondary btn-google" href={GOOGLE_SIGN_IN_PATH}>
        <GoogleMark />
        Continue with Google
      </a>
    </div>
  );
}
