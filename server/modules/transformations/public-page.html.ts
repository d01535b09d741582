// The public original page as one server-rendered HTML document: no script, inline CSS, images by token.
// Readable at 390 px (pairs stack) and side by side from 720 px.
import {
  ORIGINAL_LABEL,
  STAGED_LABEL,
  STAGING_DISCLOSURE,
  WITHDRAWN_TEXT,
  WITHDRAWN_TITLE,
} from '#shared/constants/disclosure.ts';
import type { PublicPage } from './public-page.service.ts';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

const CSS = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#111827;background:#f9fafb;line-height:1.5}
main{max-width:1200px;margin:0 auto;padding:16px}h1{font-size:1.375rem;margin:8px 0 4px}
.disclosure{background:#fff7ed;border:1px solid #fdba74;border-radius:8px;padding:10px 12px;margin:12px 0 20px;font-weight:600}
.pair{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:12px;margin:0 0 20px}
.pair h2{font-size:1rem;margin:0 0 8px;color:#374151}.grid{display:grid;grid-template-columns:1fr;gap:12px}
@media(min-width:720px){.grid{grid-template-columns:1fr 1fr}}
figure{margin:0}img{display:block;width:100%;height:auto;border-radius:6px;background:#e5e7eb}
figcaption{font-size:.9375rem;margin-top:6px}.orig figcaption{font-weight:700}
footer{color:#6b7280;font-size:.8125rem;padding:8px 0 24px}`;

function shell(opts: { title: string; robots: string; body: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="${opts.robots}"><title>${esc(opts.title)}</title><style>${CSS}</style></head><body><main>${opts.body}<footer>Shared with Roomstage virtual staging.</footer></main></body></html>`;
}

export function renderPublicPage(page: PublicPage | { state: 'unknown' }): string {
  if (page.state === 'unknown')
    return shell({
      title: 'Link not found',
      robots: 'noindex',
      body: '<h1>Link not found</h1><p>Check the address: there is no page at this link.</p>',
    });
  if (page.state === 'withdrawn')
    return shell({
      title: WITHDRAWN_TITLE,
      robots: 'noindex',
      body: `<h1>${esc(WITHDRAWN_TITLE)}</h1><p>${esc(WITHDRAWN_TEXT)}</p>`,
    });
  const heading = page.listingTitle ?? (page.pairs.length > 1 ? 'Listing photos' : 'Listing photo');
  const pairs = page.pairs
    .map(
      (p, i) =>
        `<section class="pair" aria-labelledby="pair-${i}"><h2 id="pair-${i}">${esc(p.caption)}</h2><div class="grid">` +
        `<figure class="orig"><img src="${esc(p.originalSrc)}" alt="${esc(`${ORIGINAL_LABEL}: ${p.caption}`)}" loading="${i ? 'lazy' : 'eager'}"><figcaption>${esc(ORIGINAL_LABEL)}</figcaption></figure>` +
        `<figure><img src="${esc(p.stagedSrc)}" alt="${esc(`${STAGED_LABEL}: ${p.caption}`)}" loading="${i ? 'lazy' : 'eager'}"><figcaption><strong>${esc(STAGED_LABEL)}</strong><br>${esc(STAGING_DISCLOSURE)}</figcaption></figure>` +
        `</div></section>`,
    )
    .join('');
  return shell({
    title: `${heading}: original and virtually staged`,
    robots: page.indexable ? 'index, follow' : 'noindex',
    body: `<h1>${esc(heading)}</h1><p class="disclosure">${esc(STAGING_DISCLOSURE)}</p>${pairs}`,
  });
}
