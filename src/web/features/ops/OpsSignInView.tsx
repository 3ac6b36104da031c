/**
 * The staff sign-in screen, one panel per step of machines/ops/opsSignInMachine.ts: the
 * password, the authenticator set-up (the server's QR code as an image, never injected markup),
 * the recovery codes shown once, and the code or a recovery code. It renders the view model and
 * sends events; the heading of each new step takes the focus, so a keyboard or screen-reader
 * user starts where the screen changed.
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import type { OpsSignInEvent, OpsSignInField } from '../../../../machines/ops/opsSignInMachine';
import type { OpsSignInView as View } from '../../../../machines/ops/opsSignInView';
import { messages } from '../../../shared/messages';
import { opsCodeForm, opsLoginForm, opsRecoveryForm } from '../../../shared/opsForms';
import { Field } from '../../kit/components/Field';
import './staff.css';

interface OpsSignInViewProps {
  view: View;
  send: (event: OpsSignInEvent) => void;
}

/** The QR code as an <img>: an SVG in an image cannot run script or touch the page. */
function svgImageSource(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

export function OpsSignInView({ view, send }: OpsSignInViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // Not on the first render: the page's own focus order starts at the top as usual.
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [view.step]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  const field = (name: OpsSignInField, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      name={name}
      id={`ops-signin-${name}`}
      label={label}
      value={view.values[name]}
      error={view.fieldError(name)}
      onValueChange={(value) => send({ type: 'CHANGE', field: name, value })}
      {...extra}
    />
  );
  const title = (text: string) => (
    <h1 ref={heading} tabIndex={-1} id="ops-signin-title">
      {text}
    </h1>
  );
  const alert = view.alert ? (
    <p className="ops-signin-alert" role="alert">
      {view.alert}
    </p>
  ) : null;
  const startOver = (
    <button type="button" className="btn-link" onClick={() => send({ type: 'START_OVER' })} disabled={view.busy}>
      {messages.opsStartOver}
    </button>
  );
  const panel = (children: ReactNode) => (
    <section className="ops-card ops-signin" aria-labelledby="ops-signin-title" aria-busy={view.busy}>
      {children}
    </section>
  );

  switch (view.step) {
    case 'password':
      return panel(
        <form onSubmit={submit} noValidate>
          {title(messages.opsSignInHeading)}
          {view.notice ? (
            <p className="ops-signin-notice" role="status">
              {view.notice}
            </p>
          ) : null}
          {alert}
          {field('email', messages.opsEmailLabel, { type: 'email', autoComplete: 'username', inputMode: 'email', maxLength: opsLoginForm.fields.email!.maxLength, required: true })}
          {field('password', messages.opsPasswordLabel, { type: 'password', autoComplete: 'current-password', maxLength: opsLoginForm.fields.password!.maxLength, required: true })}
          <button type="submit" className="btn ops-signin-submit" disabled={view.busy}>
            {view.busy ? messages.opsSigningIn : messages.opsSignIn}
          </button>
        </form>,
      );
    case 'enrolLoading':
      return panel(
        <>
          {title(messages.opsEnrolHeading)}
          <p role="status">{messages.opsQrLoading}</p>
          <div className="ops-qr ops-qr-placeholder" aria-hidden="true" />
        </>,
      );
    case 'enrolFailed':
      return panel(
        <>
          {title(messages.opsEnrolHeading)}
          <div role="alert">
            <p>{messages.opsQrFailed}</p>
            {view.alert ? <p className="ops-muted">{view.alert}</p> : null}
          </div>
          <div className="ops-actions">
            <button type="button" className="btn" onClick={() => send({ type: 'RETRY' })}>
              {messages.tryAgain}
            </button>
            {startOver}
          </div>
        </>,
      );
    case 'enrol':
      return panel(
        <form onSubmit={submit} noValidate>
          {title(messages.opsEnrolHeading)}
          <p>{messages.opsEnrolHelp}</p>
          {view.qrSvg ? <img className="ops-qr" src={svgImageSource(view.qrSvg)} alt={messages.opsQrAlt} width={200} height={200} /> : null}
          <p className="ops-muted">
            {messages.opsEnrolManualKey} <code className="ops-key">{view.manualKey}</code>
          </p>
          {alert}
          {field('code', messages.opsCodeLabel, { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: opsCodeForm.fields.code!.maxLength, required: true })}
          <div className="ops-actions">
            <button type="submit" className="btn" disabled={view.busy}>
              {view.busy ? messages.opsChecking : messages.opsVerify}
            </button>
            {startOver}
          </div>
        </form>,
      );
    case 'recoveryCodes':
      return panel(
        <>
          {title(messages.opsRecoveryCodesHeading)}
          <p>{messages.opsRecoveryCodesHelp}</p>
          <ol className="ops-recovery-codes" aria-label={messages.opsRecoveryCodesHeading}>
            {view.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <div className="ops-actions">
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'COPY_CODES' })}>
              {messages.opsRecoveryCopy}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'DOWNLOAD_CODES' })}>
              {messages.opsRecoveryDownload}
            </button>
          </div>
          <p role="status" className="ops-muted">
            {view.saved === 'copied' ? messages.opsRecoveryCopied : view.saved === 'downloaded' ? messages.opsRecoveryDownloaded : ''}
          </p>
          <button type="button" className="btn ops-signin-submit" onClick={() => send({ type: 'DONE' })}>
            {messages.opsRecoveryCodesDone}
          </button>
        </>,
      );
    case 'code':
      return panel(
        <form onSubmit={submit} noValidate>
          {title(messages.opsCodeHeading)}
          <p>{messages.opsCodeHelp}</p>
          {alert}
          {field('code', messages.opsCodeLabel, { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: opsCodeForm.fields.code!.maxLength, required: true })}
          <button type="submit" className="btn ops-signin-submit" disabled={view.busy}>
            {view.busy ? messages.opsChecking : messages.opsVerify}
          </button>
          <div className="ops-actions">
            <button type="button" className="btn-link" onClick={() => send({ type: 'USE_RECOVERY' })} disabled={view.busy}>
              {messages.opsUseRecoveryCode}
            </button>
            {startOver}
          </div>
        </form>,
      );
    case 'recovery':
      return panel(
        <form onSubmit={submit} noValidate>
          {title(messages.opsRecoveryHeading)}
          {alert}
          {field('recoveryCode', messages.opsRecoveryCodeLabel, { autoComplete: 'off', spellCheck: false, maxLength: opsRecoveryForm.fields.recoveryCode!.maxLength, required: true })}
          <button type="submit" className="btn ops-signin-submit" disabled={view.busy}>
            {view.busy ? messages.opsChecking : messages.opsVerify}
          </button>
          <div className="ops-actions">
            <button type="button" className="btn-link" onClick={() => send({ type: 'USE_CODE' })} disabled={view.busy}>
              {messages.opsUseAuthenticator}
            </button>
            {startOver}
          </div>
        </form>,
      );
    case 'signedIn':
      return panel(
        <>
          {title(messages.opsSignInHeading)}
          <p role="status">{messages.opsSignedIn}</p>
        </>,
      );
  }
}
