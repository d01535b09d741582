import fs from 'node:fs';
import path from 'node:path';

export interface ParsedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text body, in order. */
  links: string[];
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Just enough of RFC 5322 + MIME for the messages nodemailer builds (text, html, alternative). */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHead(chunk.replace(/^\r?\n/, ''));
      const type = (part.headers['content-type'] ?? 'text/plain').split(';')[0]?.trim() ?? '';
      parts[type] = decodeBody(part.headers, part.body).trimEnd();
    }
  } else {
    parts[(headers['content-type'] ?? 'text/plain').split(';')[0]?.trim() ?? ''] = decodeBody(headers, body);
  }
  const text = parts['text/plain'] ?? '';
  return {
    from: headers.from ?? '',
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    text,
    html: parts['text/html'] ?? '',
    links: text.match(/https?:\/\/\S+/g) ?? [],
  };
}

/** Every .eml in the outbox, oldest first. */
export function readOutbox(dir: string): ParsedMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** Mail sent to `to`, newest last. */
export const mailTo = (dir: string, to: string) =>
  readOutbox(dir).filter((m) => m.to.toLowerCase().includes(to.trim().toLowerCase()));
