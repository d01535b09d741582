import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from './support.ts';

/** Undoes quoted-printable: soft line breaks and =XX escapes (links in .eml bodies are encoded so). */
const decodeQp = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** Waits for the newest outbox message to `to` whose subject contains `subject`, and returns its links. */
export async function waitForMail(
  to: string,
  subject: string,
  timeoutMs = 10_000,
): Promise<{ links: string[]; raw: string }> {
  const dir = path.join(dataDir(), 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      const raw = decodeQp(fs.readFileSync(path.join(dir, f), 'utf8'));
      if (raw.includes(`To: ${to}`) && raw.includes(subject)) {
        return { raw, links: [...new Set(raw.match(/https?:\/\/[^\s"<>]+/g) ?? [])] };
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with subject "${subject}" in ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
