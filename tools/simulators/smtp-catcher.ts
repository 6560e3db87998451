// A local SMTP server that accepts every message and keeps it in memory (development and tests only).
// It records what arrives, deduplicating nothing, so a test can see a message delivered twice.
//
//   import { startSmtpCatcher } from '../../tools/simulators/smtp-catcher.ts';
//   const smtp = await startSmtpCatcher({ port: 0 });   // 0 = any free port → smtp.port
//   ... smtp.messages[0].subject ...; await smtp.close();
//
//   node tools/simulators/smtp-catcher.ts --port 2525   # standalone: prints every message that arrives
//   node tools/simulators/smtp-catcher.ts --port 2525 --http-port 8025   # and shows them at http://127.0.0.1:8025
//   node tools/simulators/smtp-catcher.ts --port 2525 --answer-delay-ms 8000   # a slow server: keeps each message
//     at once but answers "250 OK" only after 8 s (startSmtpCatcher({ answerDelayMs }) or setAnswerDelay(ms) in tests)
//
//   const web = await startCatcherWeb(smtp, { port: 0 });   // the same page in a test → web.url
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';

export interface CaughtMessage {
  /** Envelope sender (MAIL FROM). */
  envelopeFrom: string;
  /** Envelope recipients (RCPT TO). */
  envelopeTo: string[];
  /** Header values, decoded. */
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  raw: string;
  received: Date;
}

export interface SmtpCatcher {
  port: number;
  messages: CaughtMessage[];
  /** Keeps each message when its data ends but answers only after `ms` (a slow SMTP server); 0 = at once. */
  setAnswerDelay(ms: number): void;
  /** Resolves once at least `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<CaughtMessage[]>;
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpCatcher(
  opts: {
    port?: number;
    host?: string;
    onMessage?: (m: CaughtMessage) => void;
    /** Answer each message's data only after this many ms (it is kept at once). */
    answerDelayMs?: number;
  } = {},
): Promise<SmtpCatcher> {
  const messages: CaughtMessage[] = [];
  let answerDelayMs = opts.answerDelayMs ?? 0;
  const answering = new Set<NodeJS.Timeout>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'tender-portal smtp catcher',
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'catcher' }); // any credentials are fine
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        try {
          const raw = Buffer.concat(chunks).toString('utf8');
          const msg: CaughtMessage = {
            ...parseMessage(raw),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            raw,
            received: new Date(),
          };
          messages.push(msg);
          opts.onMessage?.(msg);
          for (const w of waiters.splice(0)) {
            if (messages.length >= w.count) w.resolve();
            else waiters.push(w);
          }
          if (!answerDelayMs) return callback();
          const timer = setTimeout(() => {
            answering.delete(timer);
            callback();
          }, answerDelayMs);
          answering.add(timer);
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  server.on('error', () => {}); // a client dropping the connection is not our problem
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  return {
    port,
    messages,
    waitFor(count, timeoutMs = 5000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} messages, got ${messages.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(messages);
          },
        });
      });
    },
    setAnswerDelay(ms: number) {
      answerDelayMs = ms;
    },
    clear() {
      messages.length = 0;
    },
    close: () => {
      for (const t of answering) clearTimeout(t);
      answering.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------- a minimal MIME reader: headers, RFC 2047 words, base64/quoted-printable, multipart ----------

function splitHead(raw: string): { head: string; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { head: raw, body: '' };
  return { head: raw.slice(0, m.index), body: raw.slice(m.index + m[0].length) };
}

function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const key = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  }
  return out;
}

function decodeBytes(bytes: Buffer, charset: string) {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function qpBytes(s: string, underscoreIsSpace: boolean) {
  const text = (underscoreIsSpace ? s.replace(/_/g, ' ') : s).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i], 'utf8'));
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded words (=?utf-8?B?...?= / =?utf-8?Q?...?=). */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(
      /=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g,
      (_m, charset: string, enc: string, data: string) =>
        decodeBytes(enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data, true), charset),
    );
}

function param(header: string, name: string) {
  const m = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return m ? (m[1] ?? m[2]) : '';
}

function decodeBody(body: string, headers: Record<string, string>) {
  const cte = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = param(headers['content-type'] ?? '', 'charset') || 'utf-8';
  if (cte === 'base64') return decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
  if (cte === 'quoted-printable') return decodeBytes(qpBytes(body, false), charset);
  return body;
}

/** Collects the text/plain and text/html parts of a (possibly nested multipart) entity. */
function collectParts(
  headers: Record<string, string>,
  body: string,
  out: { text: string | null; html: string | null },
) {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(headers['content-type'] ?? '', 'boundary');
    if (!boundary) return;
    const pieces = body.split(
      new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`),
    );
    for (const piece of pieces.slice(1)) {
      if (!piece.trim()) continue;
      const { head, body: b } = splitHead(piece);
      collectParts(parseHeaders(head), b, out);
    }
    return;
  }
  if ((headers['content-disposition'] ?? '').toLowerCase().startsWith('attachment')) return;
  if (type.startsWith('text/html') && out.html == null) out.html = decodeBody(body, headers);
  else if (type.startsWith('text/plain') && out.text == null)
    out.text = decodeBody(body, headers).replace(/\r\n/g, '\n');
}

const addresses = (v: string | undefined) =>
  decodeWords(v ?? '')
    .split(',')
    .map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim())
    .filter(Boolean);

export function parseMessage(raw: string) {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const parts = { text: null as string | null, html: null as string | null };
  collectParts(headers, body, parts);
  const text = parts.text ?? (parts.html ? parts.html.replace(/<[^>]+>/g, '') : '');
  return {
    from: addresses(headers.from)[0] ?? '',
    to: addresses(headers.to),
    subject: decodeWords(headers.subject ?? ''),
    messageId: (headers['message-id'] ?? '').trim(),
    text: text.replace(/\n$/, ''),
    html: parts.html,
    headers,
  };
}

// ---------- a small web page to read the caught mails ----------

export interface CatcherWeb {
  port: number;
  url: string;
  close(): Promise<void>;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text with its web addresses as links (the mail's reset link can be clicked). */
const linkify = (text: string) =>
  esc(text).replace(/https?:\/\/[^\s<>"]+/g, (u) => `<a href="${u}" class="mail-link">${u}</a>`);

const PAGE_STYLE = `body{font-family:system-ui,Arial,sans-serif;margin:0;background:#f5f7fa;color:#1f2933}
header{background:#0b5cab;color:#fff;padding:12px 20px}header a{color:#fff}h1{font-size:20px;margin:0}
main{max-width:960px;margin:0 auto;padding:16px}table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e4e7eb;vertical-align:top}th{background:#eef2f7}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;padding:16px;border:1px solid #e4e7eb;font:14px/1.5 system-ui,Arial,sans-serif}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;background:#fff;padding:12px 16px;border:1px solid #e4e7eb}
dt{font-weight:600}iframe{width:100%;min-height:320px;border:1px solid #e4e7eb;background:#fff}
.empty{padding:24px;background:#fff;border:1px solid #e4e7eb}button{padding:6px 12px}`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${PAGE_STYLE}</style></head><body><header><h1><a href="/">SMTP catcher</a> · ${esc(title)}</h1></header><main>${body}</main></body></html>`;
}

const fmtTime = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

function listPage(messages: CaughtMessage[]) {
  if (!messages.length)
    return page('Inbox', '<p class="empty">No mail yet. This page does not refresh itself: reload it.</p>');
  const rows = messages
    .map((m, i) => ({ m, i }))
    .reverse()
    .map(
      ({ m, i }) =>
        `<tr><td>${esc(fmtTime(m.received))} UTC</td><td>${esc(m.to.join(', '))}</td><td><a href="/messages/${i}">${esc(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return page(
    `Inbox (${messages.length})`,
    `<form method="post" action="/clear"><button type="submit">Delete all</button></form><p></p>
<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function messagePage(m: CaughtMessage) {
  const html = m.html
    ? `<h2>HTML part</h2><iframe title="HTML part" sandbox="" srcdoc="${esc(m.html)}"></iframe>`
    : '';
  return page(
    m.subject || '(no subject)',
    `<dl><dt>From</dt><dd>${esc(m.from)}</dd><dt>To</dt><dd>${esc(m.to.join(', '))}</dd>
<dt>Subject</dt><dd class="mail-subject">${esc(m.subject)}</dd><dt>Received</dt><dd>${esc(fmtTime(m.received))} UTC</dd>
<dt>Message-ID</dt><dd>${esc(m.messageId)}</dd><dt>Template</dt><dd>${esc(m.headers['x-portal-template'] ?? '')}</dd></dl>
<h2>Text</h2><pre class="mail-text">${linkify(m.text)}</pre>${html}`,
  );
}

/**
 * Serves the caught mails: `/` lists them (newest first), `/messages/{n}` shows one with its links clickable,
 * `/api/messages` answers them as JSON, `POST /clear` deletes them all.
 */
export async function startCatcherWeb(
  catcher: Pick<SmtpCatcher, 'messages' | 'clear'>,
  opts: { port?: number; host?: string } = {},
): Promise<CatcherWeb> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method === 'POST' && url.pathname === '/clear') {
      catcher.clear();
      res.writeHead(303, { location: '/' });
      return res.end();
    }
    if (req.method !== 'GET') return send(405, 'text/plain', 'method not allowed');
    if (url.pathname === '/') return send(200, 'text/html', listPage(catcher.messages));
    if (url.pathname === '/api/messages')
      return send(
        200,
        'application/json',
        JSON.stringify(catcher.messages.map(({ raw: _raw, ...m }, id) => ({ id, ...m }))),
      );
    const m = /^\/messages\/(\d+)$/.exec(url.pathname);
    const msg = m ? catcher.messages[Number(m[1])] : undefined;
    if (msg) return send(200, 'text/html', messagePage(msg));
    return send(404, 'text/html', page('Not found', '<p class="empty">No such message.</p>'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  return {
    port,
    url: `http://${opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1'}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------- standalone ----------
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 2525;
  const d = process.argv.indexOf('--answer-delay-ms');
  const catcher = await startSmtpCatcher({
    port,
    host: process.env.SMTP_CATCHER_HOST ?? '127.0.0.1',
    answerDelayMs: d > 0 ? Number(process.argv[d + 1]) : 0,
    onMessage(m) {
      console.log(`\n--- ${m.received.toISOString()} ${m.messageId}`);
      console.log(`From: ${m.from}\nTo: ${m.to.join(', ')}\nSubject: ${m.subject}\n\n${m.text}`);
    },
  });
  console.log(`SMTP catcher listening on 127.0.0.1:${catcher.port} (Ctrl+C to stop)`);
  const h = process.argv.indexOf('--http-port');
  const web =
    h > 0
      ? await startCatcherWeb(catcher, {
          port: Number(process.argv[h + 1]),
          host: process.env.SMTP_CATCHER_HOST ?? '127.0.0.1',
        })
      : null;
  if (web) console.log(`Caught mails: ${web.url}`);
  const stop = () => void Promise.all([catcher.close(), web?.close()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
