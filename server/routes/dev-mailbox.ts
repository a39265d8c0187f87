import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StoredMessage } from '../mail/outbox';
import type { ServerServices } from '../services';

/** One outbox message as the mailbox shows it: the links and code pulled out for one click. */
export interface MailboxEntry {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  template: string;
  lang: string;
  subject: string;
  text: string;
  links: string[];
  code: string | null;
  createdAt: number;
  sentAt: number | null;
}

const urlPattern = /https?:\/\/[^\s<>"'`]+/g;

function toEntry(m: StoredMessage): MailboxEntry {
  return {
    id: m.id,
    channel: m.channel,
    to: m.to,
    template: m.template,
    lang: m.lang,
    subject: m.subject,
    text: m.text,
    links: [...new Set(m.text.match(urlPattern) ?? [])],
    code: m.template === 'verificationCode' ? (/\b\d{4}\b/.exec(m.subject)?.[0] ?? null) : null,
    createdAt: m.createdAt,
    sentAt: m.sentAt,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Escapes the text and turns its http(s) links, and nothing else, into anchors. */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const at = match.index ?? 0;
    out += escapeHtml(text.slice(last, at)) + `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = at + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

const css = `
:root { color-scheme: light dark; --fg: #1d1b26; --muted: #5c5870; --bg: #f6f5fb; --card: #fff; --line: #e3e0ef; --accent: #5b2be0; }
@media (prefers-color-scheme: dark) { :root { --fg: #ecebf3; --muted: #a9a5bd; --bg: #15131d; --card: #1f1c2a; --line: #34304a; --accent: #a98bff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
.page { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
.lead, .count, dt, .status { color: var(--muted); }
form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 1rem 0; }
input { font: inherit; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: .4rem; background: var(--card); color: var(--fg); min-width: min(20rem, 100%); }
button { font: inherit; padding: .4rem .9rem; border: 0; border-radius: .4rem; background: var(--accent); color: #fff; cursor: pointer; }
a { color: var(--accent); }
article { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem 1.25rem; margin: 0 0 1rem; }
h2 { font-size: 1.1rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: 0 0 .75rem; font-size: .9rem; }
dd { margin: 0; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 .5rem; border-radius: 1rem; font-size: .8rem; font-weight: 600; background: var(--line); }
.code { font-size: 1.1rem; margin: .5rem 0; }
.code strong { font-family: ui-monospace, monospace; font-size: 1.5rem; letter-spacing: .3rem; }
.links { margin: .5rem 0; padding-left: 1.25rem; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: .95rem/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--bg); padding: .75rem; border-radius: .5rem; margin: .5rem 0 0; }
.empty { padding: 2rem; text-align: center; color: var(--muted); }
`;
// The page carries no script at all; the one style block is allowed by its hash.
const styleHash = createHash('sha256').update(css).digest('base64');
const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

const iso = (ms: number) => new Date(ms).toISOString();

function renderMessage(m: MailboxEntry): string {
  const status = m.sentAt === null ? 'queued' : `sent <time datetime="${iso(m.sentAt)}">${iso(m.sentAt)}</time>`;
  const body =
    m.sentAt !== null && m.text === ''
      ? '<p class="status">Delivered; its text was cleared from the outbox.</p>'
      : [
          m.code ? `<p class="code">Code: <strong>${escapeHtml(m.code)}</strong></p>` : '',
          m.links.length > 0 ? `<ul class="links">${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>` : '',
          `<pre>${linkify(m.text)}</pre>`,
        ].join('');
  return `<article aria-labelledby="m${m.id}" data-message-id="${m.id}">
<h2 id="m${m.id}">${escapeHtml(m.subject || '(no subject)')}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Channel</dt><dd><span class="badge">${m.channel === 'sms' ? 'SMS' : 'email'}</span></dd>
<dt>Template</dt><dd>${escapeHtml(m.template)} (${escapeHtml(m.lang)})</dd>
<dt>Queued</dt><dd><time datetime="${iso(m.createdAt)}">${iso(m.createdAt)}</time></dd>
<dt>Status</dt><dd>${status}</dd>
</dl>
${body}
</article>`;
}

function renderPage(entries: MailboxEntry[], to: string | undefined): string {
  const list = entries.length === 0 ? '<p class="empty">No messages yet.</p>' : entries.map(renderMessage).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Developer mailbox</title>
<style>${css}</style>
</head>
<body>
<div class="page" data-mailbox>
<h1>Developer mailbox</h1>
<p class="lead">Every email and SMS the server queued, newest first. This page does not exist in production.</p>
<form method="get" action="/dev/mailbox" role="search">
<label for="to">Recipient</label>
<input id="to" name="to" type="search" value="${escapeHtml(to ?? '')}" placeholder="ana@example.com or +5511987654321">
<button type="submit">Filter</button>
<a href="/dev/mailbox">All messages</a>
<a href="/dev/mailbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}">JSON</a>
</form>
<main>
<p class="count">${entries.length} message${entries.length === 1 ? '' : 's'}${to ? ` to ${escapeHtml(to)}` : ''}</p>
${list}
</main>
</div>
</body>
</html>`;
}

function readQuery(request: FastifyRequest): { to?: string; limit: number } {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const raw = typeof q.to === 'string' ? q.to.trim().slice(0, 254) : '';
  const to = raw === '' ? undefined : raw.includes('@') ? raw.toLowerCase() : raw;
  const n = Number(q.limit);
  const limit = Number.isInteger(n) ? Math.min(200, Math.max(1, n)) : 50;
  return to === undefined ? { limit } : { to, limit };
}

const privateHeaders = (reply: FastifyReply) =>
  reply.header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'no-referrer');

/**
 * The developer mailbox: what the outbox holds, readable without an SMTP server, for people at
 * GET /dev/mailbox and for tests and Playwright at GET /dev/mailbox.json. Outside /api, so not
 * part of the contract, and never registered in production (links and codes are credentials).
 */
export function registerDevMailbox(app: FastifyInstance, services: ServerServices) {
  if (services.config.env === 'production') return;

  app.get('/dev/mailbox.json', async (request, reply) => {
    const { to, limit } = readQuery(request);
    const messages = (await services.outbox.list({ to, limit })).map(toEntry);
    return privateHeaders(reply).send({ messages });
  });

  app.get('/dev/mailbox', async (request, reply) => {
    const { to, limit } = readQuery(request);
    const messages = (await services.outbox.list({ to, limit })).map(toEntry);
    return privateHeaders(reply).header('Content-Security-Policy', csp).type('text/html; charset=utf-8').send(renderPage(messages, to));
  });
}
