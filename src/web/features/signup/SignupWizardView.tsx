/**
 * The rider sign-up wizard (spec §2): the 5-segment progress bar and the current step, drawn from
 * the wizard machine's view model (machines/signup/signupView.ts). It sends the rider's events and
 * keeps no workflow state; the only thing it does on its own is move the keyboard focus where
 * the view model says (the next code box, a new step's heading).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { SignupEvent } from '../../../../machines/signup/signupMachine';
import type { SignupView } from '../../../../machines/signup/signupView';
import { VERIFY_CODE_LENGTH } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { paths } from '../../../shared/routes';
import { PROFILE_IMAGE_ACCEPT, SIGNUP_STEP_TITLES, changeEmailForm, signupForm } from '../../../shared/signup';
import { CaptchaRegion } from '../../kit/components/Captcha';
import { Combobox } from '../../kit/components/Combobox';
import { Field } from '../../kit/components/Field';
import { GoogleButton } from '../../kit/components/GoogleButton';
import { Illustration } from '../../kit/components/Illustration';
import { PasswordField } from '../../kit/components/PasswordField';
import { PictureCrop } from '../../kit/uploads/PictureCrop';
import { useFocusFirstInvalid } from '../../kit/forms/useFocusFirstInvalid';
import { PictureSource } from '../../kit/uploads/PictureSource';
import { RiderAgreement, RiderAgreementSummary } from './RiderAgreement';
import './signup.css';
import { ErrorLine } from '../../kit/components/ErrorLine';

export interface SignupWizardViewProps {
  view: SignupView;
  send: (event: SignupEvent) => void;
  /** Whether the server offers Google sign-in (null until known). */
  googleSignIn: boolean | null;
}

const ID = 'signup';

function ProgressBar({ view }: { view: SignupView }) {
  return (
    <div className="signup-progress">
      <p className="signup-progress-label">
        Step {view.step} of {SIGNUP_STEP_TITLES.length}
      </p>
      <ol aria-label="Sign-up progress">
        {SIGNUP_STEP_TITLES.map((title, i) => (
          <li key={title} className={`segment segment-${view.segments[i]}`} aria-current={view.segments[i] === 'current' ? 'step' : undefined}>
            <span className="visually-hidden">
              {title}: {view.segments[i] === 'done' ? 'done' : view.segments[i] === 'current' ? 'current step' : 'to do'}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" className="btn signup-continue" disabled={busy} aria-busy={busy}>
      {busy ? messages.submitting : label}
    </button>
  );
}

function Alert({ message }: { message: string | null }) {
  return message ? (
    <p className="signup-alert" role="alert">
      {message}
    </p>
  ) : null;
}

function AccountStep({ view, send, googleSignIn }: SignupWizardViewProps) {
  const change = (field: string) => (value: string) => send({ type: 'CHANGE', field, value });
  const { account } = view;
  // Every empty field says so at once; the focus goes to the first (the intro is in the form).
  const intro = useRef<HTMLParagraphElement>(null);
  useFocusFirstInvalid(intro, account.focusInvalid, true);
  return (
    <>
      <p className="signup-intro" ref={intro}>
        Join Lagos&apos;s riders and build a profile businesses trust. It takes about five minutes.
      </p>
      <Alert message={view.alert} />
      <Field
        id={`${ID}-username`}
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={signupForm.fields.username.maxLength}
        required
        value={account.values.username}
        error={view.fieldError('username')}
        onValueChange={change('username')}
      />
      <Field
        id={`${ID}-email`}
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        maxLength={signupForm.fields.email.maxLength}
        required
        value={account.values.email}
        error={view.fieldError('email')}
        onValueChange={change('email')}
      />
      <PasswordField
        id={`${ID}-password`}
        name="password"
        label="Password"
        autoComplete="new-password"
        maxLength={signupForm.fields.password.maxLength}
        required
        value={account.values.password}
        error={view.fieldError('password')}
        onValueChange={change('password')}
      />
      <CaptchaRegion
        show={account.showCaptcha}
        reserve={account.captchaPending}
        resets={account.captchaResets}
        error={account.captchaError}
        errorId={`${ID}-captcha-error`}
        send={send}
      />
      <SubmitButton busy={view.busy} label="Continue" />
      {googleSignIn === false ? null : (
        <>
          <p className="signup-divider">
            <span>or</span>
          </p>
          <GoogleButton enabled={googleSignIn} />
        </>
      )}
      <p className="signup-foot">
        Already have an account? <Link to={paths.login}>Log in</Link>
      </p>
    </>
  );
}

function CodeBoxes({ view, send }: Omit<SignupWizardViewProps, 'googleSignIn'>) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const { focus, digits, error } = view.verify;
  useEffect(() => {
    boxes.current[focus]?.focus();
  }, [focus]);
  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Backspace') return;
    e.preventDefault();
    send({ type: 'CODE_BACKSPACE', index });
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    send({ type: 'CODE_PASTE', text: e.clipboardData.getData('text') });
  };
  return (
    <fieldset className="code-fieldset" aria-describedby={error ? `${ID}-code-error` : undefined}>
      <legend>Verification code</legend>
      <div className="code-boxes">
        {Array.from({ length: VERIFY_CODE_LENGTH }, (_, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            className="code-box"
            name={`code-${i + 1}`}
            aria-label={`Digit ${i + 1} of ${VERIFY_CODE_LENGTH}`}
            aria-invalid={error ? true : undefined}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            value={digits[i] ?? ''}
            onChange={(e) => send({ type: 'CODE_INPUT', index: i, value: e.target.value })}
            onKeyDown={onKeyDown(i)}
            onPaste={onPaste}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </div>
      <ErrorLine id={`${ID}-code-error`} message={error} />
    </fieldset>
  );
}

function ResendRegion({ view, send }: Omit<SignupWizardViewProps, 'googleSignIn'>) {
  const { resend } = view.verify;
  const label =
    resend.state === 'sending' ? 'Sending...' : resend.state === 'coolingDown' ? `Resend code in ${resend.secondsLeft}s` : 'Resend code';
  return (
    <div className="resend">
      <p className="resend-line">
        Didn&apos;t get it?{' '}
        <button
          type="button"
          className="link-button"
          disabled={resend.state !== 'ready'}
          aria-disabled={resend.state !== 'ready'}
          onClick={() => send({ type: 'RESEND' })}
        >
          {label}
        </button>
      </p>
      {resend.notice ? (
        <p className="resend-notice" role="status">
          {resend.notice}
        </p>
      ) : null}
      {resend.error ? (
        <p className="field-error" role="alert">
          {resend.error}
        </p>
      ) : null}
      {view.verify.spamHint ? <p className="field-hint resend-spam">{view.verify.spamHint}</p> : null}
    </div>
  );
}

/** 'Wrong e-mail? Change it': the address as typed at step 1, to correct. */
function ChangeEmailForm({ view, send }: Omit<SignupWizardViewProps, 'googleSignIn'>) {
  const changing = view.verify.changing!;
  return (
    <>
      <h2 className="change-email-title">{messages.changeEmailHeading}</h2>
      <p className="signup-intro">{messages.changeEmailIntro}</p>
      <Field
        id={`${ID}-new-email`}
        name="email"
        label={messages.changeEmailLabel}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        maxLength={changeEmailForm.fields.email.maxLength}
        required
        value={changing.value}
        error={changing.error}
        onValueChange={(value) => send({ type: 'EDIT_EMAIL', value })}
      />
      <div className="signup-actions">
        <button type="button" className="btn btn-secondary" disabled={view.busy} onClick={() => send({ type: 'CANCEL_CHANGE_EMAIL' })}>
          {messages.changeEmailCancel}
        </button>
        <SubmitButton busy={view.busy} label={messages.changeEmailSubmit} />
      </div>
    </>
  );
}

function VerifyStep({ view, send }: Omit<SignupWizardViewProps, 'googleSignIn'>) {
  if (view.verify.changing) return <ChangeEmailForm view={view} send={send} />;
  return (
    <>
      <p className="signup-intro">
        We sent a 4-digit code to <strong className="signup-email">{view.verify.email || 'your email address'}</strong>. Enter it
        below; it works for 10 minutes.{' '}
        <button
          type="button"
          className="link-button"
          disabled={view.busy || view.verify.resend.state === 'sending'}
          onClick={() => send({ type: 'CHANGE_EMAIL' })}
        >
          {messages.changeEmailLink}
        </button>
      </p>
      <CodeBoxes view={view} send={send} />
      <ResendRegion view={view} send={send} />
      <SubmitButton busy={view.busy} label="Continue" />
    </>
  );
}

function LocationStep({ view, send }: Omit<SignupWizardViewProps, 'googleSignIn'>) {
  const { location } = view;
  const stateError = view.fieldError('state');
  const townError = view.fieldError('town');
  if (location.loading) {
    return (
      <div className="signup-skeleton" role="status" aria-live="polite">
        <span className="skeleton-line" />
        <span className="skeleton-line" />
        <span className="visually-hidden">Loading the list of states…</span>
      </div>
    );
  }
  return (
    <>
      <p className="signup-intro">Where do you ride? Businesses look for riders near them.</p>
      {location.fallback ? <p className="signup-note">We could not load the full list of places, so a shorter list is shown.</p> : null}
      <Combobox
        id={`${ID}-state`}
        name="state"
        label="State"
        value={location.state}
        options={location.states}
        placeholder="Select state"
        error={stateError}
        onValueChange={(state) => send({ type: 'SELECT_STATE', state })}
      />
      {location.state ? (
        <Combobox
          id={`${ID}-town`}
          name="town"
          label="Town or area"
          value={location.town}
          options={location.areas}
          placeholder="Select town"
          error={townError}
          onValueChange={(town) => send({ type: 'SELECT_TOWN', town })}
        />
      ) : (
        <ErrorLine id={`${ID}-town-error`} message={townError} />
      )}
      <SubmitButton busy={view.busy} label="Continue" />
    </>
  );
}

function PictureStep({ view, send }: Omit<SignupWizardViewProps, 'googleSignIn'>) {
  const { picture } = view;
  const error = view.fieldError('profile_image');
  const uploading = picture.percent !== null;
  return (
    <>
      <p className="signup-intro">A clear photo of your face helps businesses trust you. JPEG, PNG or WebP, up to 8 MB.</p>
      <div className="picture-row">
        {picture.previewUrl ? (
          // The square it will be stored as; the rider drags it or uses the arrow keys.
          <PictureCrop
            id={`${ID}-picture-crop`}
            src={picture.previewUrl}
            alt="Preview of your profile picture"
            focus={picture.focus}
            onRecentre={picture.canRecentre ? (focus) => send({ type: 'RECENTRE', ...focus }) : null}
          />
        ) : (
          <img className="picture-preview avatar" src="/avatar.svg" alt="" width={112} height={112} />
        )}
        <div className="field picture-field">
          <label htmlFor={`${ID}-picture`}>Profile picture</label>
          <PictureSource
            id={`${ID}-picture`}
            name="profile_image"
            accept={PROFILE_IMAGE_ACCEPT}
            capture="user"
            disabled={view.busy}
            invalid={!!error}
            describedBy={error ? `${ID}-picture-error` : undefined}
            onFile={(file) => {
              if (!file) return;
              send({
                type: 'CHOOSE_FILE',
                file,
                name: file.name,
                mime: file.type,
                size: file.size,
                previewUrl: URL.createObjectURL(file),
              });
            }}
          />
          {picture.name ? <p className="field-hint picture-name">Chosen: {picture.name}</p> : null}
          <ErrorLine id={`${ID}-picture-error`} message={error} />
        </div>
      </div>
      {uploading ? (
        <div className="upload-progress">
          <progress max={100} value={picture.percent ?? 0} aria-label="Upload progress" />
          <span aria-live="polite">Uploading {picture.percent}%</span>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'CANCEL_UPLOAD' })}>
            {messages.cancelUpload}
          </button>
        </div>
      ) : null}
      <div className="signup-actions">
        {/* Skip stays usable during an upload: it aborts the transfer. */}
        <button type="button" className="btn btn-secondary" disabled={view.state === 'picture.skipping'} onClick={() => send({ type: 'SKIP' })}>
          {view.state === 'picture.skipping' ? messages.submitting : 'Skip'}
        </button>
        <SubmitButton busy={view.state === 'picture.uploading'} label="Continue" />
      </div>
    </>
  );
}

function AgreementStep({ view, send }: Omit<SignupWizardViewProps, 'googleSignIn'>) {
  const error = view.fieldError('rider_agreement');
  return (
    <>
      <Illustration name="signupDone" className="illustration-small" />
      <p className="signup-intro">Please read the agreement to the end, then tick I AGREE.</p>
      <RiderAgreementSummary />
      <div className="agreement-text" tabIndex={0} role="region" aria-label="Rider agreement text">
        <RiderAgreement email={view.agreement.email} />
      </div>
      <label className="agree-check">
        <input
          type="checkbox"
          name="rider_agreement"
          checked={view.agreement.agreed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ID}-agreement-error` : undefined}
          onChange={(e) => send({ type: 'TOGGLE_AGREE', agreed: e.target.checked })}
        />
        <span>I AGREE</span>
      </label>
      <ErrorLine id={`${ID}-agreement-error`} message={error} />
      <SubmitButton busy={view.busy} label="Continue" />
    </>
  );
}

export function SignupWizardView({ view, send, googleSignIn }: SignupWizardViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The step the wizard opens at leaves the focus where the browser put it, also a resumed
  // rider's, shown once their progress has loaded (no step shows while it loads); it used to take
  // the focus then, which forced a layout of the whole page inside its first render.
  const stepShown = !(view.state === 'loading' || view.state === 'leaving' || view.state === 'finished' || view.state === 'loadFailed');
  const firstStep = useRef<number | null>(stepShown ? view.step : null);
  // A new step: its heading takes the focus (step 2 gives it to the first code box).
  useEffect(() => {
    if (!stepShown) return;
    firstStep.current ??= view.step;
    if (view.step === firstStep.current || view.step === 2) return;
    firstStep.current = view.step;
    heading.current?.focus();
  }, [view.step, stepShown]);

  if (view.state === 'loading' || view.state === 'leaving' || view.state === 'finished') {
    return (
      <section className="signup-page">
        <div className="card signup-card signup-skeleton" role="status" aria-live="polite">
          <span className="skeleton-line wide" />
          <span className="skeleton-line" />
          <span className="skeleton-line" />
          <span className="visually-hidden">{view.state === 'loading' ? 'Loading your sign-up…' : 'One moment…'}</span>
        </div>
      </section>
    );
  }
  if (view.state === 'loadFailed') {
    return (
      <section className="signup-page">
        <div className="card signup-card">
          <h1>Rider sign-up</h1>
          <p role="alert">{messages.signupProgressFailed}</p>
          <button type="button" className="btn" onClick={() => send({ type: 'RETRY' })}>
            {messages.tryAgain}
          </button>
        </div>
      </section>
    );
  }

  const step = view.step;
  return (
    <section className="signup-page">
      <form
        className="card signup-card"
        aria-labelledby={`${ID}-title`}
        noValidate
        onFocus={step === 1 ? () => send({ type: 'ENGAGE' }) : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <p className="signup-kicker">Rider sign-up</p>
        <ProgressBar view={view} />
        {view.welcome ? (
          <p className="signup-welcome" role="status">
            {view.welcome}
          </p>
        ) : null}
        <h1 id={`${ID}-title`} ref={heading} tabIndex={-1}>
          {view.stepTitle}
        </h1>
        {step === 1 ? <AccountStep view={view} send={send} googleSignIn={googleSignIn} /> : null}
        {step === 2 ? <VerifyStep view={view} send={send} /> : null}
        {step === 3 ? <LocationStep view={view} send={send} /> : null}
        {step === 4 ? <PictureStep view={view} send={send} /> : null}
        {step === 5 ? <AgreementStep view={view} send={send} /> : null}
        {step > 1 && view.alert ? <Alert message={view.alert} /> : null}
      </form>
    </section>
  );
}
