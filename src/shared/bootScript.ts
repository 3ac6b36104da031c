/**
 * The prerendered pages' script loader. A prerendered page is readable without
 * JavaScript, so its app scripts are requested only once the browser has painted it: the
 * largest paint (the page's text) waits for the HTML and the CSS alone, not for ~120 kB of
 * scripts on a slow phone network. scripts/prerender.mjs puts this text, inline, at the end of
 * <body>, on a <script> whose `data-app` names the entry module and `data-preload` the modules it
 * imports (fetched at once, side by side, instead of one after the other); the
 * Content-Security-Policy allows exactly this text by its hash (src/server/plugins/security.ts)
 * and no other inline script.
 *
 * When: once the browser reports the first contentful paint; where it cannot report paints, after
 * the load event and a frame; and 3 s after the load event in any case (a tab opened in the
 * background paints only when shown).
 *
 * Until React has taken the page (its root carries a `__reactContainer…` key from hydrateRoot on,
 * and React itself replays what happens during hydration), and while the app is still giving back
 * the words typed before then (`window.__holdTaps`, set by src/web/boot/typedBeforeHydration.ts), the
 * page looks ready but is not:
 *  - a form's submit is stopped: a native submit would GET this page again with the fields in
 *    the address (personal data in the URL, the server's logs and the history) and lose them;
 *  - the buttons tapped are listed in `window.__taps` (each once, in order), and the app taps them
 *    again once React owns them (src/web/boot/typedBeforeHydration.ts), after the words typed, so a
 *    Send pressed early sends, and the phone menu tapped early opens. A tap while the words are
 *    being given back is also kept from React: it would reach a form that does not have them yet
 *    (an empty e-mail, then the words arrive and clear the error: the tap is lost).
 */
import { AUTH_TOKEN_KEY, BOOKING_KEY } from './constants';

export const BOOT_SCRIPT =
  "(function(){var d=document,s=d.currentScript,done=0,root=d.getElementById('root'),taps=window.__taps=[];" +
  "function live(){if(window.__holdTaps)return 0;for(var k in root)if(k.indexOf('__reactContainer$')===0)return 1;return 0}" +
  "d.addEventListener('submit',function(e){if(!live())e.preventDefault()},true);" +
  "d.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('button');if(!b||live())return;" +
  "if(taps.indexOf(b)<0)taps.push(b);if(window.__holdTaps){e.preventDefault();e.stopPropagation()}},true);" +
  // Already asked by EARLY_FETCH_SCRIPT in <head> (a signed-in visitor on a signed-out form).
  "function go(){if(done||window.__appAsked)return;done=1;" +
  "(s.getAttribute('data-preload')||'').split(' ').forEach(function(h){if(!h)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});" +
  "var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=s.getAttribute('data-app');d.head.appendChild(e)}" +
  'var P=window.PerformanceObserver,paints=P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf(\'paint\')>=0;' +
  // A prerendered sign-in form hidden from a signed-in visitor (EARLY_FETCH_SCRIPT marks the page,
  // src/shared/routes.ts signedOutForms) paints nothing to wait for: the app is asked at once.
  "if(d.documentElement.hasAttribute('data-signed-in')&&root.hasAttribute('data-signed-out'))go();" +
  // Likewise the empty booking form when a booking in progress is stored (STORED_BOOKING_SCRIPT).
  "if(d.documentElement.hasAttribute('data-booking-stored')&&root.hasAttribute('data-empty-booking'))go();" +
  "if(paints)new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true});" +
  'function loaded(){setTimeout(go,3000);if(!paints)requestAnimationFrame(function(){setTimeout(go,0)})}' +
  "if(d.readyState==='complete')loaded();else addEventListener('load',loaded)})();";

/**
 * The signed-in screens' early requests (interactive ≤ 2.5 s). /rider-dashboard and
 * /rider-signup are empty shells: their first API answers (who the user is, the profile) used to
 * wait for ~130 kB of scripts to arrive and run before they were even asked, one slow-4G round
 * trip after another. This script, inline in those shells (scripts/prerender.mjs, allowed by its
 * hash like BOOT_SCRIPT), asks for the GETs named in its `data-get` as the HTML is read, with the
 * stored token, and leaves the answers in `window.__early`; the API client
 * (src/web/kit/http/client.ts) adopts an answer once, for the same path and token, instead of asking
 * again. It sends nothing without a token or with one whose `exp` has passed (the app would
 * drop that token before any request), and anything that goes wrong here just leaves the app to
 * ask as it always did.
 *
 * `data-then` (JSON, a list of {after, when, get}) chains a GET on an answer: once the GET
 * `after` answers 2xx, its JSON body (read from a clone, the app reads the original) is checked
 * against `when` (each key equal), and only then is `get` asked, the same way. The wizard asks
 * for the location lists this way, only for a rider whose saved step needs them (~8.5 kB that
 * riders at other steps would not use). A chained GET the app has already asked for (the client
 * leaves `null` under a path it asked) is not sent again.
 *
 * It also marks <html> `data-signed-in` when it finds such a token, before the body is read: the
 * prerendered sign-in and sign-up forms (src/shared/routes.ts signedOutForms) are hidden from a
 * signed-in visitor, who is on the way elsewhere, instead of flashing the signed-out form. Such
 * a form's early script carries BOOT_SCRIPT's `data-app` and `data-preload` (scripts/prerender.mjs),
 * and for a signed-in visitor it asks for the app here, as the shells do from <head>, and marks
 * `window.__appAsked` so BOOT_SCRIPT does not ask again: BOOT_SCRIPT, at the end of <body>, runs
 * only once the page's stylesheets have arrived, and the hidden form paints nothing to wait for.
 * A module script
 * added this way runs as soon as it arrives, maybe before the body is read: staged.ts waits for
 * the document before it renders.
 */
export const EARLY_FETCH_SCRIPT =
  `(function(){try{var s=document.currentScript,t=localStorage.getItem(${JSON.stringify(AUTH_TOKEN_KEY)});if(!t)return;` +
  "var p=JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/')));" +
  "if(!(p.exp*1000>Date.now()))return;var d=document;d.documentElement.setAttribute('data-signed-in','');var e=window.__early={};" +
  'function get(u){' +
  "var r=fetch(u,{credentials:'same-origin',headers:{accept:'application/json','x-auth-token':t,'x-source-path':location.pathname}});" +
  // A failure is the app's to report when it adopts the answer, not an unhandled rejection now.
  'r.catch(function(){});e[u]={token:t,response:r}}' +
  "(s.getAttribute('data-get')||'').split(' ').forEach(function(u){if(u)get(u)});" +
  // A prerendered signed-out form (data-app, data-preload: BOOT_SCRIPT's) asks for the app now,
  // from <head>: its hidden HTML paints nothing to wait for.
  "var a=s.getAttribute('data-app');if(a){(s.getAttribute('data-preload')||'').split(' ').forEach(function(h){if(!h)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});" +
  "var m=d.createElement('script');m.type='module';m.crossOrigin='';m.src=a;d.head.appendChild(m);window.__appAsked=1}" +
  "JSON.parse(s.getAttribute('data-then')||'[]').forEach(function(c){var w=e[c.after];if(!w)return;" +
  // Registered now, before the app can take the answer: the clone is made before its body is read.
  'w.response.then(function(a){return a.ok?a.clone().json():null}).then(function(b){' +
  'if(!b||c.get in e)return;for(var k in c.when)if(b[k]!==c.when[k])return;get(c.get)}).catch(function(){})})' +
  '}catch(x){}})();';

/**
 * What EARLY_FETCH_SCRIPT leaves on window: per path, the token it was sent with and the answer;
 * null once the app has asked for that path (taken or not, it is not asked early again).
 */
export type EarlyResponses = Record<string, { token: string; response: Promise<Response> } | null>;

/**
 * The prerendered booking form's early script (src/shared/routes.ts bookingForms): the HTML is the
 * empty form's first step, but a booking in progress in this tab (kept after every step by
 * src/web/features/deliveries/useBooking.ts) resumes where the sender was, maybe on the price or
 * the booked delivery. Inline in <head>, before the body is read, it marks <html>
 * `data-booking-stored` when such a booking is stored; the styles hide a root marked
 * `data-empty-booking` meanwhile, BOOT_SCRIPT asks for the app at once (there is no paint to wait
 * for), and the app renders afresh instead of hydrating (src/web/boot/start.tsx): the sender never
 * sees the empty form flash before the booking. Allowed by its hash like BOOT_SCRIPT.
 */
export const STORED_BOOKING_SCRIPT = `(function(){try{if(sessionStorage.getItem(${JSON.stringify(BOOKING_KEY)}))document.documentElement.setAttribute('data-booking-stored','')}catch(x){}})();`;
