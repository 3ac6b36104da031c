/**
 * The staff sign-in in every state of machines/ops/opsSignInMachine.ts's view, each from
 * the machine's own transitions with the events named here. `parameters.signInState` says
 * which state it shows (tests/storybook/opsStaffStories.test.tsx holds it to that).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { OpsSignInView as ViewModel, OpsSignInViewState } from '../../machines/ops/opsSignInView';
import { messages } from '../../src/shared/messages';
import { OpsSignInView } from '../../src/web/features/ops/OpsSignInView';
import '../../src/web/features/ops/ops.css';
import {
  dropped,
  expires,
  fails,
  fill,
  ok,
  signedInPassword,
  signInAfter,
  storyRecoveryCodes,
  toCode,
  toEnrol,
  toQr,
  tooMany,
  type SignInStep,
} from '../support/opsStaffSnapshots';

function Screen({ signIn }: { signIn: ViewModel }) {
  return (
    <div className="ops-shell ops-standalone">
      <main className="ops-main">
        <OpsSignInView view={signIn} send={() => {}} />
      </main>
    </div>
  );
}

const meta = {
  title: 'Console/Sign-in',
  component: Screen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

function after(signInState: OpsSignInViewState, steps: readonly SignInStep[], keyText: readonly string[], input: { expired?: boolean } = {}): Story {
  return { args: { signIn: signInAfter(steps, input) }, parameters: { signInState, keyText } };
}

const codeTyped = [fill('code', '492039'), { type: 'SUBMIT' }] as const;

export const Password = after('password', [], [messages.opsSignInHeading, messages.opsSignIn]);
export const PasswordRequired = after('password', [{ type: 'SUBMIT' }], [messages.fieldRequired]);
export const WrongPassword = after('password', [...signedInPassword, fails('logIn', 'alert', messages.invalidCredentials)], [messages.invalidCredentials]);
export const TooManyAttempts = after('password', [...signedInPassword, fails('logIn', 'alert', tooMany)], [tooMany]);
export const SessionExpired = after('password', [], [messages.opsSessionExpired], { expired: true });
export const PendingSessionExpired = after('password', [...toCode, ...codeTyped, expires('verifyCode')], [messages.opsSessionExpired]);
export const CheckingPassword = after('checkingPassword', signedInPassword, [messages.opsSigningIn]);
export const LoadingQr = after('loadingQr', toEnrol, [messages.opsEnrolHeading, messages.opsQrLoading]);
export const QrFailed = after('qrFailed', [...toEnrol, dropped('loadEnrolment')], [messages.opsQrFailed, messages.tryAgain, messages.opsStartOver]);
export const ShowingQr = after('showingQr', toQr, [messages.opsEnrolHelp, messages.opsEnrolManualKey, 'JBSW Y3DP']);
export const EnrolCodeWrong = after('showingQr', [...toQr, ...codeTyped, fails('confirmEnrolment', 'code', messages.opsCodeInvalid)], [messages.opsCodeInvalid]);
export const CheckingEnrolCode = after('checkingEnrolCode', [...toQr, ...codeTyped], [messages.opsChecking]);
export const RecoveryCodes = after(
  'recoveryCodes',
  [...toQr, ...codeTyped, ok('confirmEnrolment', { token: 'complete', recoveryCodes: storyRecoveryCodes })],
  [messages.opsRecoveryCodesHeading, messages.opsRecoveryCopy, messages.opsRecoveryDownload, messages.opsRecoveryCodesDone, 'k7d2-9fq4'],
);
export const RecoveryCodesCopied = after(
  'recoveryCodes',
  [...toQr, ...codeTyped, ok('confirmEnrolment', { token: 'complete', recoveryCodes: storyRecoveryCodes }), { type: 'COPY_CODES' }],
  [messages.opsRecoveryCopied],
);
export const Code = after('code', toCode, [messages.opsCodeHeading, messages.opsCodeHelp, messages.opsUseRecoveryCode]);
export const CodeWrong = after('code', [...toCode, ...codeTyped, fails('verifyCode', 'code', messages.opsCodeInvalid)], [messages.opsCodeInvalid]);
export const CodeTooManyAttempts = after('code', [...toCode, ...codeTyped, fails('verifyCode', 'alert', tooMany)], [tooMany]);
export const CheckingCode = after('checkingCode', [...toCode, ...codeTyped], [messages.opsChecking]);
export const Recovery = after('recovery', [...toCode, { type: 'USE_RECOVERY' }], [messages.opsRecoveryHeading, messages.opsUseAuthenticator]);
export const RecoveryWrong = after(
  'recovery',
  [...toCode, { type: 'USE_RECOVERY' }, fill('recoveryCode', 'aaaa-bbbb'), { type: 'SUBMIT' }, fails('verifyRecovery', 'recoveryCode', messages.opsRecoveryCodeInvalid)],
  [messages.opsRecoveryCodeInvalid],
);
export const CheckingRecovery = after('checkingRecovery', [...toCode, { type: 'USE_RECOVERY' }, fill('recoveryCode', 'k7d2-9fq4'), { type: 'SUBMIT' }], [messages.opsChecking]);
export const SignedIn = after('signedIn', [...toCode, ...codeTyped, ok('verifyCode', { token: 'complete' })], [messages.opsSignedIn]);
