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
import { signupMachine } from '../../machines/signupMachine';
import { messages } from '../../src/shared/messages';
import { auth, setLoginNavigation } from '../../src/web/auth/authService';
import { Toasts } from '../../src/web/components/Toasts';
import { fallbackLocations } from '../../src/web/features/signup/fallbackLocations';
import { SignupWizardView } from '../../src/web/features/signup/SignupWizardView';
import { RESEND_DEADLINE_KEY, useSignupMachine, type SignupClock } from '../../src/web/features/signup/useSignupMachine';
import { installHcaptchaStandIn } from '../../storybook/support/hcaptchaStandIn';
import { StoryRouter } from '../../storybook/support/StoryRouter';
import { TransitionRecorder, coverAll } from '../machines/coverage';
import { TEST_LOCATIONS, modelParts, pathKeys, pathsOf, startOf, type ModelEvent, type Snapshot } from '../machines/signupModel';
import { signupSnapshotToView } from '../../machines/signupView';
import { ApiEdge } from './support/apiEdge';
import { chooseOption, optionsOf } from './support/combobox';
import locations from '../../src/shared/nigeria-locations.json';
import { captchaPass } from '../../src/web/forms/captchaPass';

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
  captchaPass.resetForTests(); // the session's one pass (issue 9) starts afresh
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
    // Issue 9: every empty field says so at once (and the captcha), the focus on the first.
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

  it("shows 'Welcome back' on the step where the rider resumed, not on the next one (issue 13)", async () => {
    await signIn(4);
    open(4);
    await heading('Add Profile Picture');
    expect(screen.getByText(messages.welcomeBack(RIDER.username))).toBeTruthy();
    await user.click(within(form()).getByRole('button', { name: 'Skip' }));
    (await take('/api/users/signup-update')).respond(200, { message: 'ok', current_tab: 5, profile_completed: 0 });
    await heading('Rider Agreement');
    expect(screen.queryByText(messages.welcomeBack(RIDER.username))).toBeNull();
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
    await user.click(continueButton());
    // jsdom's XMLHttpRequest has no server behind /api here: the request fails like a dropped connection.
    await waitFor(() => expect(alerts()).toEqual([messages.uploadImageFailed]), { timeout: 10_000 });
  });

  it('sends the photo shrunk in the browser, and Cancel upload or Skip abort the transfer (issue 13)', async () => {
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

  it('shows the chosen photo in the square it is stored as; a drag and the arrow keys recentre it, and the upload says where (issue 13)', async () => {
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

  afterAll(() => {
    if (recorder.taken.size > 0) recorder.report('sign-up wizard in the page', signupMachine);
  });
});

/**
 * Step 2's 'Wrong e-mail? Change it' and the resend clearing the boxes (issue 13) along the
 * wizard model's paths (tests/machines/signupModel.ts, part 'changeEmail'): the fewest paths that
 * together take every transition the model's paths take, each driven on the page (the link, the
 * address field, Cancel, the buttons, a paste; the server's answers at the network edge; the
 * clock moved by the test, Date.now included, so the page's times are the model's). After each
 * step the page shows what the model's state says; the page's own actor must take every
 * transition the paths take.
 */
describe("step 2's 'Wrong e-mail? Change it' along the model's paths (issue 13)", () => {
  const part = modelParts.find((p) => p.part === 'changeEmail')!;
  const candidates = pathsOf(part);
  const chosen = coverAll(candidates, (c) => c.steps.length, (c) => pathKeys(part, c.steps));
  const wanted = new Set(chosen.flatMap((c) => [...pathKeys(part, c.steps)]));
  const pageRecorder = new TransitionRecorder();

  class TestClock implements SignupClock {
    time = startOf(part).context.now;
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

  function PathWizard() {
    const { view, send } = useSignupMachine({
      requestedStep: 2,
      clock,
      goToLogin: () => left.push('login'),
      goToDashboard: () => left.push('dashboard'),
      inspect: pageRecorder.inspect,
    });
    return <SignupWizardView view={view} send={send} googleSignIn={false} />;
  }

  beforeEach(() => {
    clock = new TestClock();
    vi.spyOn(Date, 'now').mockImplementation(() => clock.time);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const fail = (field: string, message: string) => ({ error: { field, message } });
  const button = (name: string | RegExp) => within(form()).getByRole('button', { name }) as HTMLButtonElement;

  /** Does on the page what the model event stands for; `before` is the state it happens in. */
  async function perform(event: ModelEvent, before: Snapshot): Promise<void> {
    const changing = before.matches({ verify: 'changingEmail' });
    switch (event.type) {
      case 'CHANGE_EMAIL':
        fireEvent.click(button(messages.changeEmailLink));
        break;
      case 'EDIT_EMAIL':
        fireEvent.change(within(form()).getByLabelText(messages.changeEmailLabel), { target: { value: event.value } });
        break;
      case 'CANCEL_CHANGE_EMAIL':
        fireEvent.click(button(messages.changeEmailCancel));
        break;
      case 'SUBMIT':
        fireEvent.click(button(changing ? messages.changeEmailSubmit : 'Continue'));
        break;
      case 'CODE_PASTE':
        fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => event.text } });
        break;
      case 'RESEND':
        fireEvent.click(button(/^Resend code/));
        break;
      case 'TICK':
        await act(async () => clock.set(event.now));
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
    const output = (event as { output?: { sentAt: number; email: string } }).output;
    const error = (event as { error?: { fieldError?: { field: string; message: string }; retryAt?: number; message?: string } }).error;
    switch (settled[2]) {
      case 'changeEmail': {
        const held = await take('/api/users/signup-email');
        expect([held.method, held.body]).toEqual(['PUT', { email: before.context.newEmail.trim() }]);
        if (done) {
          clock.time = output!.sentAt;
          await act(async () => held.respond(200, { message: messages.verificationCodeSent, email: output!.email, resend_after_seconds: 60 }));
          // The page tells the auth service the user changed: it asks who the user is again.
          await waitFor(() => expect(edge.heldPaths()).toContain('/api/users/me'));
          await act(async () => edge.take('/api/users/me').respond(200, { ...me(2), email: output!.email }));
        } else if (error?.retryAt !== undefined) {
          const seconds = Math.round((error.retryAt - clock.now()) / 1000);
          await act(async () => held.respond(429, fail('email', error.message!), { 'retry-after': String(seconds) }));
        } else if (error?.fieldError) await act(async () => held.respond(409, { error: error.fieldError }));
        else await act(async () => held.respond(502, fail('alert', messages.submitFailed)));
        break;
      }
      case 'sendCode': {
        const held = await take('/api/users/send-verify-email');
        expect(done, 'the model answers a resend with success here').toBe(true);
        clock.time = output!.sentAt;
        await act(async () => held.respond(200, { message: messages.verificationCodeSent, resend_after_seconds: 60 }));
        break;
      }
      case 'verifyCode': {
        const held = await take('/api/users/verify-email');
        expect(held.body).toEqual({ verify_email_code: before.context.code.join('') });
        expect(done, 'the model answers a code here with a wrong one').toBe(false);
        await act(async () => held.respond(400, { error: error!.fieldError }));
        break;
      }
      default:
        throw new Error(`no answer for ${settled[2]}`);
    }
  }

  /** What the page must show in the state. */
  async function expectScreen(state: Snapshot): Promise<void> {
    const view = signupSnapshotToView(state);
    await heading('Verify Your Email');
    if (view.welcome) expect(screen.getByText(view.welcome)).toBeTruthy();
    const { changing, resend } = view.verify;
    if (changing) {
      const input = (await within(form()).findByLabelText(messages.changeEmailLabel)) as HTMLInputElement;
      expect(input.value).toBe(changing.value);
      expect(within(form()).queryAllByRole('textbox', { name: /^Digit \d of 4$/ })).toEqual([]);
      await waitFor(() => expect(alerts()).toEqual(changing.error ? [changing.error] : []));
      if (changing.error) expect(input.getAttribute('aria-invalid')).toBe('true');
      const submit = button(view.busy ? messages.submitting : messages.changeEmailSubmit);
      expect([submit.disabled, button(messages.changeEmailCancel).disabled]).toEqual([view.busy, view.busy]);
      return;
    }
    await waitFor(() => expect(digits()).toEqual(view.verify.digits));
    expect(within(form()).getByText(view.verify.email).tagName).toBe('STRONG');
    await waitFor(() => expect(alerts()).toEqual([view.verify.error, resend.error].filter((m): m is string => m !== null)));
    const resendButton = button(/^(Resend code|Sending\.\.\.)/);
    expect(resendButton.textContent).toBe(
      resend.state === 'sending' ? 'Sending...' : resend.state === 'coolingDown' ? `Resend code in ${resend.secondsLeft}s` : 'Resend code',
    );
    expect(resendButton.disabled).toBe(resend.state !== 'ready');
    if (resend.notice) expect(within(form()).getByText(resend.notice).getAttribute('role')).toBe('status');
    expect(within(form()).queryByText(messages.checkSpam) !== null).toBe(view.verify.spamHint !== null);
    expect(button(messages.changeEmailLink).disabled).toBe(view.busy || resend.state === 'sending');
  }

  it('takes every new transition of step 2 in its paths', () => {
    const keys = [...wanted];
    for (const fragment of ['--CHANGE_EMAIL', '--EDIT_EMAIL', '--CANCEL_CHANGE_EMAIL', 'changingEmail.submitting --xstate.done.actor.changeEmail', '--CODE_RESENT']) {
      expect(keys.some((k) => k.includes(fragment)), fragment).toBe(true);
    }
    expect(chosen.length).toBeLessThan(candidates.length);
  });

  it.each(chosen.map((path, i) => [i + 1, path.name, path.steps] as const))('path %i: %s', async (_i, _name, steps) => {
    await signIn(2);
    render(
      <StoryRouter path="/rider-signup?step=2">
        <PathWizard />
        <Toasts />
      </StoryRouter>,
    );
    let before = startOf(part);
    await expectScreen(before);
    for (const step of steps) {
      await perform(step.event, before);
      await expectScreen(step.state);
      before = step.state;
    }
  });

  it('the page took every transition its paths take', () => {
    const missing = [...wanted].filter((k) => !pageRecorder.taken.has(k));
    expect(missing).toEqual([]);
  });
});
