/**
 * The real hCaptcha widget, loaded only when a form is used: its code is a separate chunk
 * and its script comes from HCAPTCHA_SCRIPT_URL, read from the server at run time.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type HCaptchaType from '@hcaptcha/react-hcaptcha';
import type { PublicConfig } from '../../../shared/api';
import { messages } from '../../../shared/messages';
import { loadPublicConfig } from '../http/client';

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
        <p className="field-error" role="alert" tabIndex={-1} data-focus-invalid="">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type CaptchaEvent = { type: 'CAPTCHA_SOLVED'; token: string } | { type: 'CAPTCHA_EXPIRED' } | { type: 'CAPTCHA_ERROR' };

interface CaptchaRegionProps {
  /** The widget is shown (the form is in use and the captcha not yet passed). */
  show: boolean;
  /** Its place is kept until the captcha is passed, so its arrival moves nothing under a tap. */
  reserve: boolean;
  resets: number;
  error: string | null;
  /** Id of the error line, for a field that points at it. */
  errorId?: string;
  send: (event: CaptchaEvent) => void;
}

/** Where a form's captcha goes: the widget, its error alone once passed, or its kept place. */
export function CaptchaRegion({ show, reserve, resets, error, errorId, send }: CaptchaRegionProps) {
  if (show) {
    return (
      <Captcha
        resets={resets}
        error={error}
        onVerify={(token) => send({ type: 'CAPTCHA_SOLVED', token })}
        onExpire={() => send({ type: 'CAPTCHA_EXPIRED' })}
        onError={() => send({ type: 'CAPTCHA_ERROR' })}
      />
    );
  }
  if (error) {
    return (
      <p id={errorId} className="field-error" role="alert" tabIndex={-1} data-focus-invalid="">
        {error}
      </p>
    );
  }
  return reserve ? (
    <div className="field captcha-slot captcha-placeholder" aria-hidden="true">
      {messages.captchaPlaceholder}
    </div>
  ) : null;
}
