/**
 * A stand-in for hCaptcha at its network edge, for tests only (we cannot reach hCaptcha
 * from here). It serves a widget script with hCaptcha's explicit-render API at
 * /1/api.js and the siteverify endpoint at /siteverify. The widget shows three buttons:
 * "I am human" (a token the verifier accepts), "Fail verification" (one it rejects) and
 * "Expire" (fires the expired-callback).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Verification {
  secret: string;
  response: string;
  sitekey: string;
  remoteip: string;
}

export interface HcaptchaStub {
  origin: string;
  scriptUrl: string;
  verifyUrl: string;
  verifications: Verification[];
  /** When true the verifier answers 500 (an outage). */
  failing: boolean;
  close(): Promise<void>;
}

export const PASSING_TOKEN_PREFIX = 'pass-';

const WIDGET_SCRIPT = String.raw`(function () {
  var params = new URL(document.currentScript.src).searchParams;
  var widgets = {};
  var next = 1;
  function token(kind) { return kind + Math.random().toString(36).slice(2); }
  function draw(id) {
    var w = widgets[id];
    w.el.innerHTML = '';
    var box = document.createElement('div');
    box.setAttribute('data-testid', 'hcaptcha-stub');
    // The real widget's size (303 x 78, which the app reserves: .captcha-slot): a taller stand-in
    // pushed the form's button down 36 px at 375 px as it appeared, and a click aimed before
    // that landed beside the button (a flaky path in tests/e2e/machinePaths.e2e.test.ts).
    box.style.cssText = 'display:flex;gap:4px;align-items:center;box-sizing:border-box;width:303px;max-width:100%;height:78px;padding:4px;border:1px solid #999;border-radius:4px;font-size:12px';
    function button(label, onClick) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.style.cssText = 'min-height:44px;padding:0 6px;font-size:12px';
      b.addEventListener('click', onClick);
      box.appendChild(b);
    }
    if (w.response) {
      var done = document.createElement('span');
      done.textContent = 'Verified';
      box.appendChild(done);
    } else {
      button('I am human', function () { w.response = token('pass-'); draw(id); w.opts.callback && w.opts.callback(w.response); });
      button('Fail verification', function () { w.response = token('fail-'); draw(id); w.opts.callback && w.opts.callback(w.response); });
    }
    button('Expire', function () { w.response = ''; draw(id); w.opts['expired-callback'] && w.opts['expired-callback'](); });
    w.el.appendChild(box);
  }
  window.hcaptcha = {
    render: function (el, opts) {
      var id = 'stub-' + next++;
      widgets[id] = { el: typeof el === 'string' ? document.getElementById(el) : el, opts: opts, response: '' };
      draw(id);
      return id;
    },
    reset: function (id) { if (widgets[id]) { widgets[id].response = ''; draw(id); } },
    remove: function (id) { if (widgets[id]) { widgets[id].el.innerHTML = ''; delete widgets[id]; } },
    getResponse: function (id) { return widgets[id] ? widgets[id].response : ''; },
    getRespKey: function () { return ''; },
    execute: function () { return Promise.resolve({ response: token('pass-'), key: '' }); },
    setData: function () {},
    close: function () {}
  };
  var onload = params.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();`;

export async function startHcaptchaStub(): Promise<HcaptchaStub> {
  const verifications: Verification[] = [];
  const stub = { failing: false } as HcaptchaStub;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    if (req.method === 'GET' && url.pathname === '/1/api.js') {
      res.writeHead(200, { 'content-type': 'application/javascript', 'access-control-allow-origin': '*' });
      res.end(WIDGET_SCRIPT);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/siteverify') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const v: Verification = {
          secret: form.get('secret') ?? '',
          response: form.get('response') ?? '',
          sitekey: form.get('sitekey') ?? '',
          remoteip: form.get('remoteip') ?? '',
        };
        verifications.push(v);
        if (stub.failing) {
          res.writeHead(500).end();
          return;
        }
        const success = v.response.startsWith(PASSING_TOKEN_PREFIX) && v.secret !== '';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(stub, {
    origin,
    scriptUrl: `${origin}/1/api.js`,
    verifyUrl: `${origin}/siteverify`,
    verifications,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
