/**
 * Spec §2 'Home': after Google sign-in the server sends the browser to
 * /?token=…&authType=google. The query leaves the address bar at once. What it carries is a
 * one-time code the page exchanges for the session token (only this browser can,
 * against login CSRF); the token is stored and the app goes to / and reloads; otherwise 'Token has
 * expired' or 'Invalid token' (machines/kit/authMachine.ts GOOGLE_RETURN).
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { paths } from '../../../shared/routes';
import { auth } from './authService';

let handled: string | null = null;

export function useGoogleRedirect(): void {
  const router = useRouter();
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const token = query.get('token');
    if (query.get('authType') !== 'google' || token === null || token === handled) return;
    handled = token;
    router.history.replace(paths.home);
    // After this commit's effects, so the toaster is listening for 'Token has expired'.
    // Once per token (StrictMode runs effects twice), hence no clean-up.
    setTimeout(() => auth.googleReturn(token), 0);
  }, [router]);
}
