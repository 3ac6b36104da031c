/**
 * The tiny page behind a subscriber's unsubscribe link, rendered by the server as
 * plain HTML so it works without the app's JavaScript. Shared so Storybook shows the same markup.
 *   ask      GET: the address and one button (a GET never unsubscribes: link scanners follow links)
 *   done     after the POST
 *   invalid  a link whose token does not match its address
 */
import { messages } from './messages';
import { site } from './site';
import { escapeHtml } from './html';

export type UnsubscribePageState = { kind: 'ask'; email: string; action: string } | { kind: 'done'; email: string } | { kind: 'invalid' };

const styles = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#14213d;background:#f4f7f5;line-height:1.5}
header{background:#0b6e4f;color:#fff;padding:16px 24px;font-weight:800;font-size:18px}
main{max-width:560px;margin:32px auto;padding:24px;background:#fff;border-radius:10px}
h1{font-size:22px;margin:0 0 16px}
button{min-height:44px;padding:0 24px;border-radius:10px;border:2px solid #0b6e4f;background:#0b6e4f;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#08503a;border-color:#08503a}
:focus-visible{outline:3px solid #08503a;outline-offset:2px}
a{color:#0b6e4f}`;

/** The whole page's HTML for a state. */
export function renderUnsubscribePage(state: UnsubscribePageState): string {
  const title = state.kind === 'ask' ? messages.unsubscribeTitle : state.kind === 'done' ? messages.unsubscribeDoneTitle : messages.unsubscribeInvalidTitle;
  const body =
    state.kind === 'ask'
      ? `<p>${escapeHtml(messages.unsubscribeAsk(state.email))}</p>
<form method="post" action="${escapeHtml(state.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(messages.unsubscribeButton)}</button></form>`
      : state.kind === 'done'
        ? `<p role="status">${escapeHtml(messages.unsubscribeDone(state.email))}</p><p><a href="/">${escapeHtml(messages.unsubscribeBackHome)}</a></p>`
        : `<p>${escapeHtml(messages.unsubscribeInvalid)}</p><p><a href="mailto:${escapeHtml(site.email)}">${escapeHtml(site.email)}</a> · <a href="/">${escapeHtml(messages.unsubscribeBackHome)}</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(site.name)}</title><style>${styles}</style></head>
<body><header>${escapeHtml(site.name)}</header><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}
