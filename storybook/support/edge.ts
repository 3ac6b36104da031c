/**
 * The network edge of the stories. Storybook runs without the API, so the one request a
 * story makes by itself, GET /api/config (the Captcha component asks it for the hCaptcha
 * site key and script), is answered here, and window.hcaptcha is the stand-in widget.
 * Nothing of the app is replaced: views get their state from real machine snapshots and
 * report what they send to Storybook's actions.
 */
import type { Decorator } from '@storybook/react-vite';
import { createElement, useEffect, useState, type ReactNode } from 'react';
import type { PublicConfig } from '../../src/shared/api';
import { installHcaptchaStandIn } from './hcaptchaStandIn';

/** What the story's server "has": GET answers by path, while a story that needs them is shown. */
const answers = new Map<string, unknown>();

/** hCaptcha's published test site key; the script URL is never loaded (the stand-in is in place). */
export const storyConfig: PublicConfig = {
  captcha: { siteKey: '10000000-ffff-ffff-ffff-000000000001', scriptUrl: '/hcaptcha-stand-in.js' },
  googleSignIn: false,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function urlOf(input: RequestInfo | URL): URL {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(raw, globalThis.location?.href ?? 'http://localhost/');
}

/** Installs the stand-ins; returns a function that puts the real fetch back. */
export function installStoryEdge(): () => void {
  installHcaptchaStandIn();
  const realFetch = globalThis.fetch;
  const storyFetch: typeof fetch = async (input, init) => {
    const url = urlOf(input);
    if (url.pathname === '/api/config') return json(storyConfig);
    const method = init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET');
    if (method.toUpperCase() === 'GET' && answers.has(url.pathname)) return json(answers.get(url.pathname));
    if (url.pathname.startsWith('/api/')) {
      return json({ error: { field: 'alert', message: 'Stories run without the API' } }, 503);
    }
    return realFetch(input, init);
  };
  globalThis.fetch = storyFetch;
  return () => {
    if (globalThis.fetch === storyFetch) globalThis.fetch = realFetch;
  };
}

function Answers({ byPath, children }: { byPath: Record<string, unknown>; children?: ReactNode }) {
  // Before the story's first render: its first request already finds the answer.
  useState(() => Object.entries(byPath).forEach(([path, body]) => answers.set(path, body)));
  useEffect(() => () => Object.keys(byPath).forEach((path) => answers.delete(path)), [byPath]);
  return children;
}

/**
 * A decorator: while the story is shown, the edge answers GET `path` with its body, as the API
 * would (a story whose screen loads its own data gets it, rather than the edge's 503).
 */
export const withAnswers =
  (byPath: Record<string, unknown>): Decorator =>
  (Story) =>
    createElement(Answers, { byPath }, createElement(Story));
