/**
 * The browser's side of sharing, stood in for the share stories: the phone's system
 * share sheet (navigator.share, used when the pointer is coarse) and the clipboard. The app's
 * own share code (useDashboard's share) runs unchanged against them. The sheet is the
 * phone's, not ours: the stand-in only shows what it was handed, and closes like the real one
 * (the promise rejects with AbortError).
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';

/** 'sheet': a phone with the Web Share API; 'copy': a computer whose clipboard takes the link; 'copyRefused': one whose clipboard refuses. */
export type ShareMode = 'sheet' | 'copy' | 'copyRefused';

interface Shared {
  title: string;
  url: string;
  close: () => void;
}

function useStandIn(mode: ShareMode): Shared | null {
  const [shared, setShared] = useState<Shared | null>(null);
  useEffect(() => {
    const nav = navigator as Navigator & { share?: Navigator['share']; clipboard?: Clipboard };
    const realMatchMedia = window.matchMedia;
    const had = { share: Object.getOwnPropertyDescriptor(nav, 'share'), clipboard: Object.getOwnPropertyDescriptor(nav, 'clipboard') };
    const coarse = mode === 'sheet';
    window.matchMedia = ((query: string) => {
      if (query === '(pointer: coarse)') {
        return { matches: coarse, media: query, addEventListener() {}, removeEventListener() {}, onchange: null } as unknown as MediaQueryList;
      }
      return realMatchMedia.call(window, query);
    }) as typeof window.matchMedia;
    const share = (data: ShareData) =>
      new Promise<void>((_, reject) =>
        setShared({
          title: data.title ?? '',
          url: data.url ?? '',
          close: () => {
            setShared(null);
            reject(new DOMException('Share canceled', 'AbortError'));
          },
        }),
      );
    const clipboard = {
      writeText: (text: string) => (mode === 'copyRefused' ? Promise.reject(new DOMException('Write permission denied', 'NotAllowedError')) : Promise.resolve(void text)),
    };
    Object.defineProperty(nav, 'share', { configurable: true, value: mode === 'sheet' ? share : undefined });
    Object.defineProperty(nav, 'clipboard', { configurable: true, value: clipboard });
    return () => {
      window.matchMedia = realMatchMedia;
      for (const key of ['share', 'clipboard'] as const) {
        const descriptor = had[key];
        if (descriptor) Object.defineProperty(nav, key, descriptor);
        else delete (nav as unknown as Record<string, unknown>)[key];
      }
    };
  }, [mode]);
  return shared;
}

function ShareStandIn({ mode, children }: { mode: ShareMode; children: ReactNode }) {
  const shared = useStandIn(mode);
  return (
    <>
      {children}
      {shared ? (
        <div role="dialog" aria-label="Share sheet (the phone's)" className="share-sheet-stand-in" style={sheetStyle}>
          <p style={{ margin: 0, fontWeight: 600 }}>Share via</p>
          <p style={{ margin: '4px 0' }}>{shared.title}</p>
          <p style={{ margin: '4px 0', wordBreak: 'break-all' }}>{shared.url}</p>
          <p style={{ margin: '4px 0' }}>WhatsApp · Messages · Copy</p>
          <button type="button" className="btn btn-secondary" onClick={shared.close}>
            Close
          </button>
        </div>
      ) : null}
    </>
  );
}

const sheetStyle = {
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  padding: 16,
  background: '#fff',
  borderTop: '1px solid #c8d1cc',
  boxShadow: '0 -4px 16px rgba(0,0,0,.15)',
  zIndex: 1000,
} as const;

/** A decorator: the story's browser shares as `mode` says. */
export const withShare =
  (mode: ShareMode): Decorator =>
  (Story) => (
    <ShareStandIn mode={mode}>
      <Story />
    </ShareStandIn>
  );
