/**
 * The real hCaptcha widget, loaded only when a form is used: its code is a separate chunk
 * and its script comes from HCAPTCHA_SCRIPT_URL, read from the server at run time.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type HCaptchaType from '@hcaptcha/react-hcaptcha';
import type { PublicConfig } from '../../shared/api';
import { loadPublicConfig } from '../api/client';

const HCaptcha = lazy(() => import('@hcaptcha/react-hcaptcha'));

interface CaptchaProps {
  /** Bumped by the machine whenever the widget must be reset. */
  resets: number;
  error: string | null;
  onVerify: (token: string) => void;
  onExpire: () => void;
  onError: () => void;
}

export function Captcha({ resets, error, onVerify, onExpire, onError }: CaptchaProps) {
  const [config, setConfig] = useState<PublicConfig['captcha'] | null>(null);
  const widget = useRef<HCaptchaType>(null);
  useEffect(() => {
    let live = true;
    loadPublicConfig().then(
      (c) => live && setConfig(c.captcha),
      () => live && onError(),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const seen = useRef(resets);
  useEffect(() => {
    if (seen.current !== resets) {
      seen.current = resets;
      widget.current?.resetCaptcha();
    }
  }, [resets]);

  return (
    <div className="field" data-testid="captcha">
      <div className="captcha-slot">
        {config ? (
          <Suspense fallback={null}>
            <HCaptcha
              ref={widget}
              sitekey={config.siteKey}
              scriptSource={config.scriptUrl}
              sentry={false}
              reCaptchaCompat={false}
              onVerify={(token) => onVerify(token)}
              onExpire={onExpire}
              onError={onError}
            />
          </Suspense>
        ) : null}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
