// @vitest-environment jsdom
/**
 * View tests of the real sign-up wizard (the machine as the app provides it, the real API client
 * and auth service, the real views, toasts and captcha component) along the wizard model's
 * paths: a whole sign-up with an error at each step, resuming at each step with 'Welcome back',
 * the resend countdown from a kept deadline, paste and Backspace in the code boxes, the fallback
 * location list. Only the network edge (fetch, and XMLHttpRequest's network) and hCaptcha's
 * browser API are stand-ins. The transitions the page drove are printed.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formMachine } from '../../machines/kit/formMachine';
import { agreementStep } from '../../machines/signup/agreementStep';
import { locationStep } from '../../machines/signup/locationStep';
import { pictureStep } from '../../machines/signup/pictureStep';
import { verifyStep } from '../../machines/kit/verifyStep';
import { signupMachine } from '../../machines/signup/signupMachine';
import { messages } from '../../src/shared/messages';
import { auth, setLoginNavigation } from '../../src/web/kit/session/authService';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { fallbackLocations } from '../../src/web/features/signup/fallbackLocations';
import { SignupWizardView } from '../../src/web/features/signup/SignupWizardView';
import { RESEND_DEADLINE_KEY, useSignupMachine, type SignupClock } from '../../src/web/features/signup/useSignupMachine';
import { installHcaptchaStandIn } from '../../storybook/support/hcaptchaStandIn';
import { StoryRouter } from '../../storybook/support/StoryRouter';
import { TransitionRecorder, allTransitions, coverAll } from '../machines/coverage';
import { verifyStepShares } from '../machines/pageShares';
import {
  WIZARD_MACHINES,
  WizardRecorder,
  formOf,
  locationOf,
  pictureOf,
  systemStart,
  systemTransition,
  verifyOf,
  viewOf,
  GIF,
  HUGE,
  JPEG,
  T0,
  TEST_FALLBACK,
  TEST_LOCATIONS,
  modelParts,
  pathKeys,
  pathsOf,
  serializeSignup,
  startOf,
  type ModelEvent,
  type Snapshot,
  type Step,
} from '../machines/signupModel';
import { signupViewStates, type SignupViewState } from '../../machines/signup/signupView';
import { ApiEdge } from './support/apiEdge';
import { chooseOption, optionsOf } from './support/combobox';
import locations from '../../src/shared/nigeria-locations.json';
import { captchaPass } from '../../src/web/kit/forms/captchaPass';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const TOKEN = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', sid: 's1', user_type: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;
const RIDER = { username: 'ade_rider', email: 'ade@example.com', password: 'ogba-rides-at-dawn' };
const me = (current_tab: number, profile_completed = 0) => ({ ...RIDER, password: undefined, user_type: 1, picture: null, current_tab, profile_completed });

const edge = new ApiEdge();
const recorder = new TransitionRecorder();
const left: string[] = [];
let user: UserEvent;

function Wizard({ step = 1 }: { step?: 1 | 2 | 3 | 4 | 5 }) {
  const { view, send } = useSignupMachine({
    requestedStep: step,
    goToLogin: () => left.push('login'),
    goToDashboard: () => left.push('dashboard'),
    inspect: recorder.inspect,
  });
  return <SignupWizardView view={view} send={send} googleSignIn={false} />;
}

function open(step?: 1 | 2 | 3 | 4 | 5) {
  render(
    <StoryRouter path="/rider-signup">
      <Wizard step={step} />
      <Toasts />
    </StoryRouter>,
  );
}

const form = () => screen.getByRole('form');
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const alerts = () =>
  within(form())
    .queryAllByRole('alert')
    .map((a) => a.textContent);
const continueButton = () => within(form()).getByRole('button', { name: /^(Continue|Submitting\.\.\.)$/ });
const boxes = () => within(form()).getAllByRole('textbox', { name: /^Digit \d of 4$/ }) as HTMLInputElement[];
const digits = () => boxes().map((b) => b.value);
const take = (path: string) => waitFor(() => edge.take(path));

/** Signs the auth service in with TOKEN and answers its GET /api/users/me. */
async function signIn(tab: number) {
  auth.login(TOKEN);
  (await take('/api/users/me')).respond(200, me(tab));
}

beforeAll(() => {
  installHcaptchaStandIn();
  edge.install();
  setLoginNavigation(() => {});
  window.scrollTo = () => {};
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});
afterAll(() => edge.uninstall());
beforeEach(() => {
  user = userEvent.setup({ delay: null });
  window.localStorage.clear();
  window.sessionStorage.clear();
  captchaPass.resetForTests(); // the session's one pass starts afresh
  edge.reset();
  left.length = 0;
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  auth.unauthorized();
});

describe('the sign-up wizard in the page', () => {
  it('signs a rider up through all five steps, with an error at each step', async () => {
    open();
    await heading('Create Account');
    // Step 1: the rules, the captcha, a server error under its field, then success.
    await user.click(continueButton());
    // Every empty field says so at once (and the captcha), the focus on the first.
    expect(alerts()).toEqual([messages.fieldRequired, messages.fieldRequired, messages.fieldRequired, messages.completeCaptcha]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Username')));
    await user.type(screen.getByLabelText('Username'), RIDER.username);
    expect(alerts()).toEqual([messages.fieldRequired, messages.fieldRequired, messages.completeCaptcha]);
    await user.type(screen.getByLabelText('Email'), RIDER.email);
    await user.type(screen.getByLabelText('Password'), RIDER.password);
    await user.click(continueButton());
    expect(alerts()).toEqual([messages.completeCaptcha]);
    await user.click(await within(form()).findByRole('button', { name: 'I am human' }));
    await user.click(continueButton());
    (await take('/api/verify-captcha')).respond(200, { success: true });
    const taken = await take('/api/auth/create');
    expect(taken.body).toEqual({ ...RIDER, user_type: '1' });
    expect(continueButton().textContent).toBe(messages.submitting);
    taken.respond(409, { error: { field: 'email', message: messages.emailTaken } });
    await waitFor(() => expect(alerts()).toEqual([messages.emailTaken]));
    await user.click(continueButton()); // the captcha passed this session: straight to the server
    (await take('/api/auth/create')).respond(200, { token: TOKEN });

    // Step 2: the countdown from the first code, typing, Backspace, a wrong code, a paste.
    await heading('Verify Your Email');
    expect(screen.getByText(RIDER.email)).toBeTruthy();
    const resend = within(form()).getByRole('button', { name: /^Resend code/ });
    expect(resend.textContent).toMatch(/^Resend code in (60|59)s$/);
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(Number(window.localStorage.getItem(RESEND_DEADLINE_KEY))).toBeGreaterThan(Date.now() + 55_000);
    await waitFor(() => expect(document.activeElement).toBe(boxes()[0]));
    await user.keyboard('12');
    expect(digits()).toEqual(['1', '2', '', '']);
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('{Backspace}');
    expect(digits()).toEqual(['1', '', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
    await user.click(continueButton());
    expect(alerts()).toEqual([messages.enterCode]);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => ' 98x76543' } });
    expect(digits()).toEqual(['9', '8', '7', '']);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '9876' } });
    expect(digits()).toEqual(['9', '8', '7', '6']);
    await user.click(continueButton());
    const wrong = await take('/api/users/verify-email');
    expect(wrong.body).toEqual({ verify_email_code: '9876' });
    wrong.respond(400, { error: { field: 'verify_email_code', message: messages.codeIncorrect(4) } });
    await waitFor(() => expect(alerts()).toEqual([messages.codeIncorrect(4)]));
    await user.click(continueButton());
    (await take('/api/users/verify-email')).respond(200, { message: 'ok', current_tab: 3, profile_completed: 0 });

    // Step 3: the list fails, the built-in copy is used; the rules; a server error under state.
    await take('/api/locations').then((r) => r.fail());
    await heading('Choose Location');
    await screen.findByText('We could not load the full list of places, so a shorter list is shown.');
    expect(optionsOf('State')).toEqual(fallbackLocations.map((s) => s.name));
    await user.click(continueButton());
    expect(alerts()).toEqual([messages.selectState]);
    await chooseOption(user, 'State', 'Lagos');
    await user.click(continueButton());
    expect(alerts()).toEqual([messages.selectTown]);
    await chooseOption(user, 'Town or area', 'Ogba');
    await user.click(continueButton());
    const location = await take('/api/users/signup-update');
    expect(location.body).toEqual({ request_type: 'location', state: 'Lagos', town: 'Ogba' });
    location.respond(403, { error: { field: 'state', message: messages.verifyEmailFirst } });
    await waitFor(() => expect(alerts()).toEqual([messages.verifyEmailFirst]));
    await user.click(continueButton());
    (await take('/api/users/signup-update')).respond(200, { message: 'ok', current_tab: 4, profile_completed: 0 });

    // Step 4: no picture, a wrong type, then Skip.
    await heading('Add Profile Picture');
    await user.click(continueButton());
    expect(alerts()).toEqual([messages.uploadImage]);
    const input = screen.getByLabelText('Profile picture') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'funny.gif', { type: 'image/gif' })] } });
    expect(alerts()).toEqual([messages.imageType]);
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(2000)], 'me.jpg', { type: 'image/jpeg' })] } });
    expect(alerts()).toEqual([]);
    expect((screen.getByAltText('Preview of your profile picture') as HTMLImageElement).src).toBe('blob:preview');
    await user.click(within(form()).getByRole('button', { name: 'Skip' }));
    (await take('/api/users/signup-update')).respond(200, { message: 'ok', current_tab: 5, profile_completed: 0 });

    // Step 5: not ticked, a server failure, then done.
    await heading('Rider Agreement');
    expect(screen.getByRole('region', { name: 'Rider agreement text' }).textContent).toContain(RIDER.email);
    await user.click(continueButton());
    expect(alerts()).toEqual([messages.acceptAgreement]);
    await user.click(screen.getByLabelText('I AGREE'));
    await user.click(continueButton());
    (await take('/api/users/signup-update')).fail();
    await waitFor(() => expect(alerts()).toEqual([messages.submitFailed]));
    await user.click(continueButton());
    const accepted = await take('/api/users/signup-update');
    expect(accepted.body).toEqual({ request_type: 'rider_agreement', rider_agreement: true });
    accepted.respond(200, { message: 'ok', current_tab: 5, profile_completed: 1 });
    await waitFor(() => expect(left).toEqual(['dashboard']));
    expect(window.localStorage.getItem(RESEND_DEADLINE_KEY)).toBeNull();
  });

  it('resumes at each step with Welcome back, the progress bar filled to it', async () => {
    const titles = { 2: 'Verify Your Email', 3: 'Choose Location', 4: 'Add Profile Picture', 5: 'Rider Agreement' } as const;
    for (const tab of [2, 3, 4, 5] as const) {
      await signIn(tab);
      open(tab);
      if (tab === 3) (await take('/api/locations')).respond(200, TEST_LOCATIONS);
      await heading(titles[tab]);
      expect(screen.getByText(messages.welcomeBack(RIDER.username))).toBeTruthy();
      const segments = [...form().querySelectorAll('.signup-progress li')].map((li) => li.className.replace('segment segment-', ''));
      expect(segments.filter((s) => s === 'done')).toHaveLength(tab - 1);
      cleanup();
      auth.unauthorized();
      edge.reset();
    }
  });

  it("shows 'Welcome back' on the step where the rider resumed, not on the next one", async () => {
    await signIn(4);
    open(4);
    const resumed = await heading('Add Profile Picture');
    expect(screen.getByText(messages.welcomeBack(RIDER.username))).toBeTruthy();
    // The step it opens at leaves the focus alone (focusing it forced a layout of the
    // whole page in the first render); the next step's heading takes it.
    expect(document.activeElement).not.toBe(resumed);
    await user.click(within(form()).getByRole('button', { name: 'Skip' }));
    (await take('/api/users/signup-update')).respond(200, { message: 'ok', current_tab: 5, profile_completed: 0 });
    const next = await heading('Rider Agreement');
    expect(screen.queryByText(messages.welcomeBack(RIDER.username))).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(next));
  });

  it('keeps the resend countdown across a reload, then resends and counts again', async () => {
    window.localStorage.setItem(RESEND_DEADLINE_KEY, String(Date.now() + 2_500));
    await signIn(2);
    open(2);
    await heading('Verify Your Email');
    const resend = () => within(form()).getByRole('button', { name: /^(Resend code|Sending\.\.\.)/ }) as HTMLButtonElement;
    expect(resend().textContent).toMatch(/^Resend code in [23]s$/);
    expect(resend().disabled).toBe(true);
    await waitFor(() => expect(resend().textContent).toBe('Resend code'), { timeout: 5000 });
    expect(resend().disabled).toBe(false);
    await user.click(resend());
    expect(resend().textContent).toBe('Sending...');
    const sent = await take('/api/users/send-verify-email');
    sent.respond(200, { message: messages.verificationCodeSent, resend_after_seconds: 60 });
    await screen.findByText(messages.verificationCodeSent);
    await waitFor(() => expect(resend().textContent).toMatch(/^Resend code in (60|59)s$/));
    expect(resend().disabled).toBe(true);
  });

  it('goes to /login when the token goes away on a later step', async () => {
    await signIn(3);
    open(3);
    (await take('/api/locations')).respond(200, TEST_LOCATIONS);
    await heading('Choose Location');
    act(() => auth.unauthorized());
    await waitFor(() => expect(left).toEqual(['login']));
  });

  it("uploads the picture with progress, and shows 'Failed to upload image' when the network drops", async () => {
    await signIn(4);
    open(4);
    await heading('Add Profile Picture');
    await user.upload(screen.getByLabelText('Profile picture'), new File([new Uint8Array(5000)], 'me.jpg', { type: 'image/jpeg' }));
    // The network edge: an XMLHttpRequest whose connection drops after part of the upload went.
    // (jsdom's own would connect to its page's origin, localhost:3000, and reach a dev server there.)
    const sent: string[] = [];
    class DroppedXhr {
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload = null;
      onerror: (() => void) | null = null;
      ontimeout = null;
      timeout = 0;
      open(_method: string, url: string) {
        sent.push(url);
      }
      setRequestHeader() {}
      abort() {}
      send() {
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 2000, total: 5000 } as ProgressEvent);
          this.onerror?.();
        }, 10);
      }
    }
    const g = globalThis as Record<string, unknown>;
    const realXhr = g.XMLHttpRequest;
    g.XMLHttpRequest = DroppedXhr;
    try {
      await user.click(continueButton());
      await waitFor(() => expect(alerts()).toEqual([messages.uploadImageFailed]), { timeout: 10_000 });
      expect(sent).toEqual(['/api/users/upload-profile-image']);
    } finally {
      g.XMLHttpRequest = realXhr;
    }
  });

  it('sends the photo shrunk in the browser, and Cancel upload or Skip abort the transfer', async () => {
    // The browser edge: an image decoder and canvas (jsdom has neither) and an XMLHttpRequest held until answered.
    const decoded: unknown[] = [];
    const encoded: Array<{ width: number; height: number; type: string }> = [];
    const held: Array<{ path: string; body: FormData; aborted: boolean }> = [];
    class HeldXhr {
      upload = { onprogress: null };
      onload = null;
      onerror = null;
      ontimeout = null;
      timeout = 0;
      path = '';
      entry: { path: string; body: FormData; aborted: boolean } | null = null;
      open(_method: string, url: string) {
        this.path = url;
      }
      setRequestHeader() {}
      send(body: FormData) {
        this.entry = { path: this.path, body, aborted: false };
        held.push(this.entry);
      }
      abort() {
        if (this.entry) this.entry.aborted = true;
      }
    }
    class StandInCanvas {
      constructor(
        public width: number,
        public height: number,
      ) {}
      getContext() {
        return { drawImage() {}, imageSmoothingEnabled: false, imageSmoothingQuality: 'low' };
      }
      async convertToBlob({ type }: { type: string }) {
        encoded.push({ width: this.width, height: this.height, type });
        return new Blob([new Uint8Array(300)], { type });
      }
    }
    const g = globalThis as Record<string, unknown>;
    const real = { xhr: g.XMLHttpRequest, bitmap: g.createImageBitmap, canvas: g.OffscreenCanvas };
    g.XMLHttpRequest = HeldXhr;
    g.createImageBitmap = async (_file: Blob, options: unknown) => {
      decoded.push(options);
      return { width: 4000, height: 3000, close() {} };
    };
    g.OffscreenCanvas = StandInCanvas;
    try {
      await signIn(4);
      open(4);
      await heading('Add Profile Picture');
      await user.upload(screen.getByLabelText('Profile picture'), new File([new Uint8Array(5000)], 'IMG_0042.jpg', { type: 'image/jpeg' }));
      await user.click(continueButton());
      await waitFor(() => expect(held).toHaveLength(1));
      expect(decoded).toEqual([{ imageOrientation: 'from-image' }]);
      expect(encoded).toEqual([{ width: 1067, height: 800, type: 'image/webp' }]);
      const sent = held[0]!.body.get('profile_image') as File;
      expect([held[0]!.path, sent.name, sent.type, sent.size]).toEqual(['/api/users/upload-profile-image', 'IMG_0042.webp', 'image/webp', 300]);

      // Cancel upload: the request is aborted, the step is back at the choice with the photo kept.
      await user.click(within(form()).getByRole('button', { name: messages.cancelUpload }));
      expect(held[0]!.aborted).toBe(true);
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(continueButton().textContent).toBe('Continue');
      expect(screen.getByText('Chosen: IMG_0042.jpg')).toBeTruthy();

      // The styled control: "Take a photo" opens the front camera, "Choose from gallery" is the field's input.
      const camera = screen.getByLabelText(messages.takePhoto) as HTMLInputElement;
      expect([camera.type, camera.getAttribute('capture'), camera.accept]).toEqual(['file', 'user', 'image/jpeg,image/png,image/webp']);
      expect(screen.getByLabelText(messages.chooseFromGallery)).toBe(screen.getByLabelText('Profile picture'));
      await user.upload(camera, new File([new Uint8Array(6000)], 'selfie.jpg', { type: 'image/jpeg' }));
      expect(screen.getByText('Chosen: selfie.jpg')).toBeTruthy();

      // Again, then Skip while it goes up: aborted too, and the skip is sent.
      await user.click(continueButton());
      await waitFor(() => expect(held).toHaveLength(2));
      const skip = within(form()).getByRole('button', { name: 'Skip' }) as HTMLButtonElement;
      expect(skip.disabled).toBe(false);
      await user.click(skip);
      expect(held[1]!.aborted).toBe(true);
      const skipped = await take('/api/users/signup-update');
      expect(skipped.body).toEqual({ request_type: 'skip_picture' });
      skipped.respond(200, { message: 'ok', current_tab: 5, profile_completed: 0 });
      await heading('Rider Agreement');
    } finally {
      g.XMLHttpRequest = real.xhr;
      g.createImageBitmap = real.bitmap;
      g.OffscreenCanvas = real.canvas;
    }
  });

  it('shows the chosen photo in the square it is stored as; a drag and the arrow keys recentre it, and the upload says where', async () => {
    // The browser edge jsdom lacks: pointer events, an image's size, the square's box, and an
    // XMLHttpRequest held until answered (the shrinking is left out: no createImageBitmap here).
    const g = globalThis as Record<string, unknown>;
    const real = { xhr: g.XMLHttpRequest, pointer: g.PointerEvent, rect: HTMLElement.prototype.getBoundingClientRect };
    const sent: FormData[] = [];
    g.XMLHttpRequest = class {
      upload = { onprogress: null };
      timeout = 0;
      open() {}
      setRequestHeader() {}
      send(body: FormData) {
        sent.push(body);
      }
      abort() {}
    };
    g.PointerEvent = class extends MouseEvent {
      pointerId: number;
      pointerType: string;
      constructor(type: string, init: MouseEventInit & { pointerId?: number; pointerType?: string } = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'touch';
      }
    };
    HTMLElement.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, right: 176, bottom: 176, width: 176, height: 176, toJSON() {} });
    try {
      await signIn(4);
      open(4);
      await heading('Add Profile Picture');
      expect(screen.queryByRole('slider')).toBeNull(); // nothing chosen: the default picture
      await user.upload(screen.getByLabelText('Profile picture'), new File([new Uint8Array(5000)], 'portrait.jpg', { type: 'image/jpeg' }));
      const photo = screen.getByAltText('Preview of your profile picture') as HTMLImageElement;
      const slider = screen.getByRole('slider', { name: messages.pictureFocusLabel });
      const at = () => [photo.style.objectPosition, slider.getAttribute('aria-valuenow'), slider.getAttribute('aria-valuetext')];
      expect(at()).toEqual(['50% 50%', '50', '50% from the top']);
      expect(slider.getAttribute('aria-describedby')).toBe('signup-picture-crop-hint');
      expect(screen.getByText(messages.pictureFocusHint).id).toBe('signup-picture-crop-hint');

      // A 900×1600 portrait covering the 176 px square overflows by 136.9 px up and down.
      Object.defineProperty(photo, 'naturalWidth', { value: 900 });
      Object.defineProperty(photo, 'naturalHeight', { value: 1600 });
      fireEvent.load(photo);
      expect(slider.getAttribute('aria-orientation')).toBe('vertical');
      // Dragging the photo up by a quarter of that shows more of its bottom: 75% from the top.
      fireEvent.pointerDown(slider, { pointerId: 7, clientX: 80, clientY: 100 });
      fireEvent.pointerMove(slider, { pointerId: 7, clientX: 80, clientY: 100 - 136.888 / 4 });
      fireEvent.pointerUp(slider, { pointerId: 7, clientX: 80, clientY: 100 - 136.888 / 4 });
      expect(at()).toEqual(['50% 75%', '75', '75% from the top']);
      fireEvent.pointerMove(slider, { pointerId: 7, clientX: 80, clientY: 0 }); // the drag is over: nothing moves
      expect(at()[0]).toBe('50% 75%');

      // The keyboard: Up shows more of the top, Shift five steps at once, Home and End the ends.
      slider.focus();
      await user.keyboard('{ArrowUp}');
      expect(at()[0]).toBe('50% 70%');
      await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
      expect(at()[0]).toBe('50% 45%');
      await user.keyboard('{End}');
      expect(at()[0]).toBe('50% 100%');
      await user.keyboard('{ArrowDown}'); // already at the bottom
      expect(at()[0]).toBe('50% 100%');
      await user.keyboard('{Home}{ArrowDown}{ArrowDown}');
      expect(at()).toEqual(['50% 10%', '10', '10% from the top']);

      // The upload sends that focal point beside the file; the preview stays but cannot move.
      await user.click(continueButton());
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.get('focal_point')).toBe('50,10');
      expect((sent[0]!.get('profile_image') as File).name).toBe('portrait.jpg');
      const busy = screen.getByRole('slider', { name: messages.pictureFocusLabel });
      expect([busy.getAttribute('aria-disabled'), busy.tabIndex]).toEqual(['true', -1]);
      fireEvent.keyDown(busy, { key: 'ArrowUp' });
      expect(at()[0]).toBe('50% 10%');

      // Cancel: back to the preview, still at 10%; a new photo starts centred.
      await user.click(screen.getByRole('button', { name: messages.cancelUpload }));
      expect(screen.getByRole('slider').getAttribute('aria-disabled')).toBeNull();
      expect(at()[0]).toBe('50% 10%');
      await user.upload(screen.getByLabelText('Profile picture'), new File([new Uint8Array(4000)], 'again.jpg', { type: 'image/jpeg' }));
      expect((screen.getByAltText('Preview of your profile picture') as HTMLImageElement).style.objectPosition).toBe('50% 50%');
    } finally {
      g.XMLHttpRequest = real.xhr;
      g.PointerEvent = real.pointer;
      HTMLElement.prototype.getBoundingClientRect = real.rect;
    }
  });

  it('the built-in location list is a small part of the shipped data, spelled the same', () => {
    const full = locations as Array<{ name: string; towns: Array<{ name: string }>; lgas: Array<{ name: string }> }>;
    expect(fallbackLocations.map((s) => s.name).sort()).toEqual(['Federal Capital Territory', 'Kwara', 'Lagos', 'Ogun', 'Osun', 'Oyo', 'Rivers']);
    for (const s of fallbackLocations) {
      const same = full.find((x) => x.name === s.name)!;
      expect(s.towns.map((t) => t.name)).toEqual(same.towns.map((t) => t.name));
      expect(s.lgas.map((t) => t.name)).toEqual(same.lgas.map((t) => t.name));
      expect(s.towns.length).toBeGreaterThan(10);
    }
  });
});


/**
 * Every part of the wizard along the model's paths (tests/machines/signupModel.ts: resuming,
 * step 1 fresh and with the session's captcha pass, step 2 with and without a kept countdown,
 * 'Wrong e-mail? Change it', steps 3, 4 and 5): for each part the fewest paths that together take
 * every transition its paths take (paths that take nothing new over an earlier part are left
 * out), each driven on the page: typing, the captcha widget, the buttons, a paste, Backspace, the
 * file input, the square preview's keys, the checkbox; the server's answers at the network edge
 * (fetch; XMLHttpRequest for the upload; the built-in location list's chunk); the clock moved by
 * the test, Date.now included. After each step the page shows what the model's state says
 * (expectScreen, per view state). The page's own actors (the wizard and the step machines it
 * invokes: their microsteps reach the wizard's inspect) must take every transition of the wizard
 * and of each step machine: a table per machine is printed and the test fails on any transition
 * not driven through the page.
 */
describe("the wizard along the model's paths, every part", () => {
  const wanted = new Set<string>();
  const plan = modelParts.map((part) => {
    const candidates = pathsOf(part);
    const fresh = (c: { steps: Step[] }) => new Set([...pathKeys(part, c.steps)].filter((k) => !wanted.has(k)));
    const chosen = coverAll(candidates, (c) => c.steps.length, fresh).filter((c) => c.steps.length > 0 || part.prefix.length === 0);
    if (chosen.length === 0 && candidates.length > 0) chosen.push(candidates[0]!);
    for (const c of chosen) for (const k of pathKeys(part, c.steps)) wanted.add(k);
    return { part, chosen };
  });
  const pageRecorder = new WizardRecorder();
  const viewStatesShown = new Set<SignupViewState>();

  class TestClock implements SignupClock {
    time = T0;
    private ticks = new Set<() => void>();
    now = () => this.time;
    every = (_ms: number, tick: () => void) => {
      this.ticks.add(tick);
      return () => void this.ticks.delete(tick);
    };
    set(time: number) {
      this.time = time;
      for (const tick of this.ticks) tick();
    }
  }
  let clock = new TestClock();

  /** The upload's XMLHttpRequest, held until the test answers it. */
  interface Upload {
    body: FormData;
    aborted: boolean;
    xhr: HeldXhr;
  }
  const uploads: Upload[] = [];
  class HeldXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    timeout = 0;
    status = 0;
    responseText = '';
    entry: Upload | null = null;
    open() {}
    setRequestHeader() {}
    send(body: FormData) {
      this.entry = { body, aborted: false, xhr: this };
      uploads.push(this.entry);
    }
    abort() {
      if (this.entry) this.entry.aborted = true;
    }
  }
  const g = globalThis as Record<string, unknown>;
  const realXhr = g.XMLHttpRequest;
  const previews = new Map([JPEG, GIF, HUGE].map((f) => [f.name, f.previewUrl]));
  const FALLBACK_MODULE = '../../src/web/features/signup/fallbackLocations';
  let chunkArrives = () => {};

  function PathWizard({ step }: { step: 1 | 2 | 3 | 4 | 5 }) {
    const { view, send } = useSignupMachine({
      requestedStep: step,
      clock,
      goToLogin: () => left.push('login'),
      goToDashboard: () => left.push('dashboard'),
      inspect: pageRecorder.inspect,
    });
    return <SignupWizardView view={view} send={send} googleSignIn={false} />;
  }

  beforeEach(() => {
    clock = new TestClock();
    uploads.length = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => clock.time);
    g.XMLHttpRequest = HeldXhr;
    URL.createObjectURL = (file: Blob) => previews.get((file as File).name) ?? 'blob:preview';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.doUnmock(FALLBACK_MODULE);
    g.XMLHttpRequest = realXhr;
    URL.createObjectURL = () => 'blob:preview';
  });

  const fail = (field: string, message: string) => ({ error: { field, message } });
  const button = (name: string | RegExp) => within(form()).getByRole('button', { name }) as HTMLButtonElement;
  /** Step 4's Skip (it says 'Submitting...' while the skip is sent, like Continue during an upload). */
  const skipButton = () =>
    within(form())
      .getAllByRole('button', { name: /^(Skip|Submitting\.\.\.)$/ })
      .find((b) => (b as HTMLButtonElement).type === 'button') as HTMLButtonElement;
  const statusShows = (text: string) => expect(screen.getAllByRole('status').some((s) => s.textContent?.includes(text))).toBe(true);
  const field = (label: string) => within(form()).getByLabelText(label) as HTMLInputElement;
  const ACCOUNT_LABELS = { username: 'Username', email: 'Email', password: 'Password' } as const;

  /** Does on the page what the model event stands for; `before` is the state it happens in, `after` the one it leads to. */
  async function perform(event: ModelEvent, before: Snapshot, after: Snapshot): Promise<void> {
    const unchanged = serializeSignup(before) === serializeSignup(after);
    switch (event.type) {
      case 'CHANGE':
        fireEvent.change(field(ACCOUNT_LABELS[event.field as keyof typeof ACCOUNT_LABELS]), { target: { value: event.value } });
        break;
      case 'ENGAGE':
        fireEvent.focus(field('Username'));
        break;
      case 'CAPTCHA_SOLVED':
        fireEvent.click(await within(form()).findByRole('button', { name: 'I am human' }));
        break;
      case 'CAPTCHA_EXPIRED':
        fireEvent.click(await within(form()).findByRole('button', { name: 'Expire' }));
        break;
      case 'CAPTCHA_ERROR':
        fireEvent.click(await within(form()).findByRole('button', { name: 'Network error' }));
        break;
      case 'CAPTCHA_PASS':
        // Another form of the session (or the server, through one) changed the session's pass.
        act(() => (event.passed ? captchaPass.granted() : captchaPass.refused()));
        break;
      case 'SIGNED_OUT':
        act(() => auth.unauthorized());
        break;
      case 'RETRY':
        fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
        break;
      case 'SUBMIT':
        fireEvent.click(button(verifyOf(before)?.matches('changingEmail') ? messages.changeEmailSubmit : /^(Continue|Submitting\.\.\.)$/));
        break;
      case 'CODE_INPUT':
        fireEvent.change(boxes()[event.index]!, { target: { value: event.value } });
        break;
      case 'CODE_BACKSPACE':
        fireEvent.keyDown(boxes()[event.index]!, { key: 'Backspace' });
        break;
      case 'CODE_PASTE':
        fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => event.text } });
        break;
      case 'RESEND':
        fireEvent.click(button(/^(Resend code|Sending\.\.\.)/));
        break;
      case 'TICK':
        await act(async () => clock.set(event.now));
        break;
      case 'CHANGE_EMAIL':
        fireEvent.click(button(messages.changeEmailLink));
        break;
      case 'EDIT_EMAIL':
        fireEvent.change(field(messages.changeEmailLabel), { target: { value: event.value } });
        break;
      case 'CANCEL_CHANGE_EMAIL':
        fireEvent.click(button(messages.changeEmailCancel));
        break;
      case 'SELECT_STATE':
        if (event.state === '') {
          fireEvent.change(field('State'), { target: { value: '' } });
          fireEvent.blur(field('State'));
        } else await chooseOption(user, 'State', event.state);
        break;
      case 'SELECT_TOWN':
        await chooseOption(user, 'Town or area', event.town);
        break;
      case 'CHOOSE_FILE':
        fireEvent.change(field('Profile picture'), { target: { files: [new File([new Uint8Array(event.size)], event.name, { type: event.mime })] } });
        break;
      case 'SKIP':
        fireEvent.click(skipButton());
        break;
      case 'CANCEL_UPLOAD':
        fireEvent.click(button(messages.cancelUpload));
        break;
      case 'RECENTRE': {
        // The square preview's keys: Home and End go to the ends of a portrait's height.
        if (unchanged && pictureOf(before)!.context.focus.y === Math.min(100, Math.max(0, event.y))) break; // the preview sends nothing
        const photo = screen.getByAltText('Preview of your profile picture') as HTMLImageElement;
        Object.defineProperty(photo, 'naturalWidth', { value: 900, configurable: true });
        Object.defineProperty(photo, 'naturalHeight', { value: 1600, configurable: true });
        fireEvent.load(photo);
        fireEvent.keyDown(screen.getByRole('slider'), { key: event.y <= 0 ? 'Home' : 'End' });
        break;
      }
      case 'UPLOAD_PROGRESS': {
        const held = await waitFor(() => uploads.at(-1)!);
        act(() => held.xhr.upload.onprogress?.({ lengthComputable: true, loaded: event.loaded, total: event.total }));
        break;
      }
      case 'TOGGLE_AGREE':
        if (field('I AGREE').checked === event.agreed) break; // a click cannot tick a ticked box: nothing to send
        fireEvent.click(field('I AGREE'));
        break;
      default:
        await answer(event, before);
    }
    await act(async () => {});
  }

  /** The server's answer to the request the page has in flight. */
  async function answer(event: ModelEvent, before: Snapshot): Promise<void> {
    const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!settled) throw new Error(`no page action for ${event.type}`);
    const done = settled[1] === 'done';
    const output = (event as { output?: Record<string, unknown> }).output;
    const error = (event as { error?: { fieldError?: { field: string; message: string }; retryAt?: number; message?: string } }).error;
    /** A failure as the server says it: under a field, or 'Something went wrong' (502) for anything else. */
    const refuse = async (held: { respond: (status: number, body: unknown, headers?: Record<string, string>) => void }) => {
      if (error?.retryAt !== undefined) {
        const seconds = Math.round((error.retryAt - clock.now()) / 1000);
        await act(async () => held.respond(429, fail(settled[2] === 'changeEmail' ? 'email' : 'verify_email_code', error.message!), { 'retry-after': String(seconds) }));
      } else if (error?.fieldError) await act(async () => held.respond(error.fieldError!.field === 'alert' ? 429 : 400, { error: error.fieldError }));
      else await act(async () => held.respond(502, fail('alert', messages.submitFailed)));
    };
    const settle = async (path: string, body: unknown = output) => {
      const held = await take(path);
      if (done) await act(async () => held.respond(200, body));
      else await refuse(held);
      return held;
    };
    switch (settled[2]) {
      case 'loadProgress':
        await settle('/api/users/me', { ...output, picture: null });
        break;
      case 'verifyCaptcha':
        await settle('/api/verify-captcha');
        break;
      case 'submitForm': {
        const held = await take('/api/auth/create');
        expect(held.body).toEqual({ ...formOf(before)!.context.values, user_type: '1' });
        if (!done) return refuse(held);
        clock.time = output!.sentAt as number;
        await act(async () => held.respond(200, { token: TOKEN }));
        break;
      }
      case 'verifyCode': {
        const held = await settle('/api/users/verify-email');
        expect(held.body).toEqual({ verify_email_code: verifyOf(before)!.context.code.join('') });
        break;
      }
      case 'sendCode': {
        const held = await take('/api/users/send-verify-email');
        if (!done) return refuse(held);
        clock.time = output!.sentAt as number;
        await act(async () => held.respond(200, { message: messages.verificationCodeSent, resend_after_seconds: 60 }));
        break;
      }
      case 'changeEmail': {
        const held = await take('/api/users/signup-email');
        expect([held.method, held.body]).toEqual(['PUT', { email: verifyOf(before)!.context.newEmail.trim() }]);
        if (!done) return refuse(held);
        clock.time = output!.sentAt as number;
        await act(async () => held.respond(200, { message: messages.verificationCodeSent, email: output!.email, resend_after_seconds: 60 }));
        // The page tells the auth service the user changed: it asks who the user is again.
        await waitFor(() => expect(edge.heldPaths()).toContain('/api/users/me'));
        await act(async () => edge.take('/api/users/me').respond(200, { ...me(2), email: output!.email }));
        break;
      }
      case 'loadLocations':
        if (done) await act(async () => (await take('/api/locations')).respond(200, output));
        else await act(async () => (await take('/api/locations')).fail());
        break;
      case 'loadFallbackLocations':
        // The built-in list is a chunk of its own, fetched when needed: stood in, held until now.
        await act(async () => chunkArrives());
        break;
      case 'saveLocation': {
        const held = await settle('/api/users/signup-update');
        expect(held.body).toEqual({ request_type: 'location', state: locationOf(before)!.context.state, town: locationOf(before)!.context.town });
        break;
      }
      case 'uploadPicture': {
        const held = await waitFor(() => uploads.find((u) => !u.aborted && u.xhr.status === 0)!);
        expect((held.body.get('profile_image') as File).name).toBe(pictureOf(before)!.context.picture!.name);
        if (!done && !error?.fieldError) {
          act(() => held.xhr.onerror?.());
        } else {
          held.xhr.status = done ? 200 : 400;
          held.xhr.responseText = JSON.stringify(done ? output : { error: error!.fieldError });
          act(() => held.xhr.onload?.());
        }
        break;
      }
      case 'skipPicture': {
        const held = await settle('/api/users/signup-update');
        expect(held.body).toEqual({ request_type: 'skip_picture' });
        break;
      }
      case 'acceptAgreement': {
        const held = await settle('/api/users/signup-update');
        expect(held.body).toEqual({ request_type: 'rider_agreement', rider_agreement: true });
        break;
      }
      default:
        throw new Error(`no answer for ${settled[2]}`);
    }
  }

  /** What the page must show in the state. */
  async function expectScreen(state: Snapshot): Promise<void> {
    const view = viewOf(state);
    viewStatesShown.add(view.state);
    switch (view.state) {
      case 'loading':
        await waitFor(() => statusShows('Loading your sign-up…'));
        return;
      case 'loadFailed':
        await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.signupProgressFailed));
        expect(screen.getByRole('button', { name: messages.tryAgain })).toBeTruthy();
        return;
      case 'leaving':
        await waitFor(() => expect(left).toEqual(['login']));
        statusShows('One moment…');
        return;
      case 'finished':
        await waitFor(() => expect(left).toEqual(['dashboard']));
        statusShows('One moment…');
        expect(window.localStorage.getItem(RESEND_DEADLINE_KEY)).toBeNull();
        return;
      default:
    }
    await heading(view.stepTitle);
    expect(left).toEqual([]);
    expect(screen.queryByText(view.welcome ?? messages.welcomeBack(RIDER.username)) !== null).toBe(view.welcome !== null);
    const segments = [...form().querySelectorAll('.signup-progress li')].map((li) => li.className.replace('segment segment-', ''));
    expect(segments).toEqual(view.segments);
    const shown = (messages: Array<string | null>) => messages.filter((m): m is string => m !== null).sort();
    const step2Alert = view.step > 1 ? view.alert : null;
    switch (view.step) {
      case 1: {
        for (const [name, label] of Object.entries(ACCOUNT_LABELS)) expect(field(label).value, name).toBe(view.account.values[name as keyof typeof ACCOUNT_LABELS]);
        const expected = shown([view.fieldError('username'), view.fieldError('email'), view.fieldError('password'), view.account.captchaError, view.alert]);
        await waitFor(() => expect(alerts().sort()).toEqual(expected));
        expect(button(/^(Continue|Submitting\.\.\.)$/).textContent).toBe(view.busy ? messages.submitting : 'Continue');
        return;
      }
      case 2: {
        const { changing, resend } = view.verify;
        if (changing) {
          const input = (await within(form()).findByLabelText(messages.changeEmailLabel)) as HTMLInputElement;
          expect(input.value).toBe(changing.value);
          expect(within(form()).queryAllByRole('textbox', { name: /^Digit \d of 4$/ })).toEqual([]);
          await waitFor(() => expect(alerts().sort()).toEqual(shown([changing.error, step2Alert === changing.error ? null : step2Alert])));
          if (changing.error) expect(input.getAttribute('aria-invalid')).toBe('true');
          const submit = button(view.busy ? messages.submitting : messages.changeEmailSubmit);
          expect([submit.disabled, button(messages.changeEmailCancel).disabled]).toEqual([view.busy, view.busy]);
          return;
        }
        await waitFor(() => expect(digits()).toEqual(view.verify.digits));
        expect(within(form()).getByText(view.verify.email).tagName).toBe('STRONG');
        await waitFor(() => expect(alerts().sort()).toEqual(shown([view.verify.error, resend.error, step2Alert === view.verify.error ? null : step2Alert])));
        const resendButton = button(/^(Resend code|Sending\.\.\.)/);
        expect(resendButton.textContent).toBe(
          resend.state === 'sending' ? 'Sending...' : resend.state === 'coolingDown' ? `Resend code in ${resend.secondsLeft}s` : 'Resend code',
        );
        expect(resendButton.disabled).toBe(resend.state !== 'ready');
        if (resend.notice) expect(within(form()).getByText(resend.notice).getAttribute('role')).toBe('status');
        expect(within(form()).queryByText(messages.checkSpam) !== null).toBe(view.verify.spamHint !== null);
        expect(button(messages.changeEmailLink).disabled).toBe(view.busy || resend.state === 'sending');
        expect(button(/^(Continue|Submitting\.\.\.)$/).textContent).toBe(view.busy ? messages.submitting : 'Continue');
        return;
      }
      case 3: {
        if (view.location.loading) {
          await waitFor(() => statusShows('Loading the list of states…'));
          return;
        }
        await waitFor(() => expect(field('State').value).toBe(view.location.state));
        expect(optionsOf('State')).toEqual(view.location.states);
        if (view.location.state) expect(field('Town or area').value).toBe(view.location.town);
        expect(within(form()).queryByText('We could not load the full list of places, so a shorter list is shown.') !== null).toBe(view.location.fallback);
        await waitFor(() => expect(alerts().sort()).toEqual(shown([view.fieldError('state'), view.fieldError('town'), step2Alert])));
        expect(button(/^(Continue|Submitting\.\.\.)$/).textContent).toBe(view.busy ? messages.submitting : 'Continue');
        return;
      }
      case 4: {
        const { picture } = view;
        await waitFor(() => expect(alerts().sort()).toEqual(shown([view.fieldError('profile_image'), step2Alert])));
        expect(within(form()).queryByText(`Chosen: ${picture.name}`) !== null).toBe(picture.name !== null);
        const preview = screen.queryByAltText('Preview of your profile picture') as HTMLImageElement | null;
        expect(preview?.getAttribute('src') ?? null).toBe(picture.previewUrl);
        if (preview) expect(preview.style.objectPosition).toBe(`${picture.focus.x}% ${picture.focus.y}%`);
        const bar = screen.queryByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement | null;
        expect(bar === null ? null : Number(bar.value)).toBe(picture.percent === null ? null : picture.percent);
        expect(screen.queryByRole('button', { name: messages.cancelUpload }) !== null).toBe(view.state === 'picture.uploading');
        expect(skipButton().textContent).toBe(view.state === 'picture.skipping' ? messages.submitting : 'Skip');
        return;
      }
      default: {
        await waitFor(() => expect(field('I AGREE').checked).toBe(view.agreement.agreed));
        expect(screen.getByRole('region', { name: 'Rider agreement text' }).textContent).toContain(view.agreement.email);
        await waitFor(() => expect(alerts().sort()).toEqual(shown([view.fieldError('rider_agreement'), step2Alert])));
        expect(button(/^(Continue|Submitting\.\.\.)$/).textContent).toBe(view.busy ? messages.submitting : 'Continue');
      }
    }
  }

  /**
   * Step 1 is formMachine (machines/signup/accountStep.ts): the wizard leaves it at 'succeeded',
   * so what the form does after a success (send another, type again) is the public forms' own,
   * driven through their pages (tests/web/forms). Every other transition is the wizard's.
   */
  const afterSuccess = (key: string) => key.startsWith('succeeded ');
  /**
   * Step 2 is the kit's verify step, which the company sign-up runs too: what only that page's one
   * code field sends (CODE_SET) is driven through that page (tests/web/CompanySignup.test.tsx);
   * tests/machines/pageShares.ts says which page reaches what.
   */
  const everyTransition = () =>
    Object.entries(WIZARD_MACHINES).flatMap(([id, machine]) =>
      allTransitions(machine)
        .filter((k) => id !== 'form' || !afterSuccess(k))
        .filter((k) => id !== 'verifyStep' || verifyStepShares.rider.reaches(k))
        .map((k) => `${id}: ${k}`),
    );

  it("the model's chosen paths take every transition of the wizard and of each step machine", () => {
    const missing = everyTransition().filter((k) => !wanted.has(k));
    expect(missing).toEqual([]);
  });

  for (const { part, chosen } of plan) {
    describe(part.name, () => {
      it.each(chosen.map((path, i) => [i + 1, path.name, path.steps] as const))('path %i: %s', async (_i, _name, steps) => {
        const start = startOf(part);
        const all = [...part.prefix.map((event) => ({ event, state: undefined as Snapshot | undefined })), ...steps];
        // The chunk of the built-in location list: the model's list when a path loads it, a failed load when it fails.
        // The chunk arrives (or fails) when the path says so.
        const fallback = steps.find((s) => s.event.type.endsWith('.actor.loadFallbackLocations'));
        if (fallback) {
          const arrives = fallback.event.type.startsWith('xstate.done.');
          const chunk = new Promise<void>((resolve) => (chunkArrives = resolve));
          vi.doMock(FALLBACK_MODULE, async () => {
            await chunk;
            if (!arrives) throw new Error('Loading chunk failed');
            return { fallbackLocations: TEST_FALLBACK };
          });
        }
        if (part.input.resendDeadline !== null) window.localStorage.setItem(RESEND_DEADLINE_KEY, String(part.input.resendDeadline));
        if (part.input.captchaPassed) captchaPass.granted();
        if (part.input.signedIn) act(() => void auth.login(TOKEN));
        render(
          <StoryRouter path="/rider-signup">
            <PathWizard step={part.input.requestedStep as 1 | 2 | 3 | 4 | 5} />
            <Toasts />
          </StoryRouter>,
        );
        let before = systemStart(part.input);
        await expectScreen(before);
        for (const step of all) {
          const after = step.state ?? systemTransition(before, step.event);
          await perform(step.event, before, after);
          await expectScreen(after);
          before = after;
        }
        expect(serializeSignup(before)).toBe(serializeSignup(steps.at(-1)?.state ?? start));
      });
    });
  }

  it('the page took every transition of the wizard and of each step machine (a table per machine is printed)', () => {
    const r = pageRecorder.byMachine;
    const gaps = (machine: string, missing: string[]) => `${machine}: transitions the page never drove:\n${missing.join('\n')}`;
    const wizardMissing = r.signup.report('sign-up wizard (orchestrator), driven through the page', signupMachine);
    expect(wizardMissing, gaps('signupMachine', wizardMissing)).toEqual([]);
    // (The page's clock ticks only while the resend countdown runs: a TICK handler in the ready
    // state was dead code this test found, and is gone from the machine.)
    const verifyMissing = r.verifyStep.report('step 2, verify your e-mail, driven through the page', verifyStep, verifyStepShares.rider);
    expect(verifyMissing, gaps('verifyStep', verifyMissing)).toEqual([]);
    const locationMissing = r.locationStep.report('step 3, choose location, driven through the page', locationStep);
    expect(locationMissing, gaps('locationStep', locationMissing)).toEqual([]);
    const pictureMissing = r.pictureStep.report('step 4, profile picture, driven through the page', pictureStep);
    expect(pictureMissing, gaps('pictureStep', pictureMissing)).toEqual([]);
    const agreementMissing = r.agreementStep.report('step 5, rider agreement, driven through the page', agreementStep);
    expect(agreementMissing, gaps('agreementStep', agreementMissing)).toEqual([]);
    // Step 1 is formMachine: all but what follows its success (see afterSuccess; formMachine's own page test enforces those).
    const accountMissing = r.form.report('step 1, create account (formMachine), driven through the page', formMachine).filter((k) => !afterSuccess(k));
    expect(accountMissing, gaps('formMachine (step 1)', accountMissing)).toEqual([]);
    const unseen = signupViewStates.filter((s) => !viewStatesShown.has(s));
    expect(unseen, `view states never shown: ${unseen.join(', ')}`).toEqual([]);
  });
});
