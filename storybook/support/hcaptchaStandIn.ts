/**
 * A stand-in for hCaptcha's browser API (window.hcaptcha), for stories and jsdom view tests,
 * where hCaptcha's script cannot be loaded. @hcaptcha/react-hcaptcha uses an existing
 * window.hcaptcha instead of loading the script, so the app's own Captcha component runs
 * unchanged on top of it. Like tests/support/hcaptcha.ts (the browser tests' stand-in served
 * at the script URL) the widget shows buttons: "I am human" (a token the verifier accepts),
 * "Fail verification" (one it rejects), "Expire" (expired-callback) and "Network error"
 * (error-callback).
 */
export const PASSING_TOKEN_PREFIX = 'pass-';
export const FAILING_TOKEN_PREFIX = 'fail-';

interface WidgetOptions {
  callback?: (token: string) => void;
  'expired-callback'?: () => void;
  'error-callback'?: (code: string) => void;
}

interface Widget {
  el: HTMLElement;
  opts: WidgetOptions;
  response: string;
}

export interface HcaptchaApi {
  standIn: true;
  /** Stories: widgets rendered from now on start solved (the machine holds a token). */
  solvedOnRender: boolean;
  render(el: HTMLElement | string, opts: WidgetOptions): string;
  reset(id?: string): void;
  remove(id?: string): void;
  getResponse(id?: string): string;
  getRespKey(id?: string): string;
  execute(id?: string, opts?: unknown): Promise<{ response: string; key: string }>;
  setData(id?: string, data?: unknown): void;
  close(id?: string): void;
}

export function installHcaptchaStandIn(win: Window = window): HcaptchaApi {
  const host = win as unknown as { hcaptcha?: HcaptchaApi };
  if (host.hcaptcha?.standIn) return host.hcaptcha;
  const doc = win.document;
  const widgets = new Map<string, Widget>();
  let next = 1;
  const token = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2)}`;

  function draw(id: string): void {
    const w = widgets.get(id);
    if (!w) return;
    w.el.replaceChildren();
    const box = doc.createElement('div');
    box.dataset.testid = 'hcaptcha-stub';
    box.style.cssText =
      'display:flex;gap:8px;flex-wrap:wrap;align-items:center;padding:8px;border:1px solid #999;border-radius:4px';
    const button = (label: string, onClick: () => void) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.style.cssText = 'min-height:44px;padding:0 12px';
      b.addEventListener('click', onClick);
      box.appendChild(b);
    };
    const solve = (prefix: string) => () => {
      w.response = token(prefix);
      draw(id);
      w.opts.callback?.(w.response);
    };
    if (w.response) {
      const done = doc.createElement('span');
      done.textContent = 'Verified';
      box.appendChild(done);
    } else {
      button('I am human', solve(PASSING_TOKEN_PREFIX));
      button('Fail verification', solve(FAILING_TOKEN_PREFIX));
    }
    button('Expire', () => {
      w.response = '';
      draw(id);
      w.opts['expired-callback']?.();
    });
    button('Network error', () => {
      w.response = '';
      draw(id);
      w.opts['error-callback']?.('network-error');
    });
    w.el.appendChild(box);
  }

  const api: HcaptchaApi = {
    standIn: true,
    solvedOnRender: false,
    render(el, opts) {
      const id = `stand-in-${next++}`;
      const target = typeof el === 'string' ? doc.getElementById(el) : el;
      if (!target) throw new Error(`hCaptcha stand-in: no element ${String(el)}`);
      widgets.set(id, { el: target, opts, response: api.solvedOnRender ? token(PASSING_TOKEN_PREFIX) : '' });
      draw(id);
      return id;
    },
    reset(id) {
      const w = id ? widgets.get(id) : undefined;
      if (w) {
        w.response = '';
        draw(id!);
      }
    },
    remove(id) {
      const w = id ? widgets.get(id) : undefined;
      if (w) {
        w.el.replaceChildren();
        widgets.delete(id!);
      }
    },
    getResponse: (id) => (id ? (widgets.get(id)?.response ?? '') : ''),
    getRespKey: () => '',
    execute: () => Promise.resolve({ response: token(PASSING_TOKEN_PREFIX), key: '' }),
    setData: () => {},
    close: () => {},
  };
  host.hcaptcha = api;
  return api;
}
