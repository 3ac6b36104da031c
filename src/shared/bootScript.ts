/**
 * The prerendered pages' script loader (issue 14). A prerendered page is readable without
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
 */
export const BOOT_SCRIPT =
  '(function(){var d=document,s=d.currentScript,done=0;' +
  'function go(){if(done)return;done=1;' +
  "(s.getAttribute('data-preload')||'').split(' ').forEach(function(h){if(!h)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});" +
  "var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=s.getAttribute('data-app');d.head.appendChild(e)}" +
  'var P=window.PerformanceObserver,paints=P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf(\'paint\')>=0;' +
  "if(paints)new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true});" +
  'function loaded(){setTimeout(go,3000);if(!paints)requestAnimationFrame(function(){setTimeout(go,0)})}' +
  "if(d.readyState==='complete')loaded();else addEventListener('load',loaded)})();";
