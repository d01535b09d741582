// Non-room test images made on the fly (never shipped as files): a screenshot, a text document, a
// floor plan, a nearly blank frame and an outdoor scene, so identify() is tested on kinds of upload
// the fixture set has only one of, or none.
import sharp from 'sharp';
import type { RawImage } from '#server/engines/types.ts';

async function rasterize(svg: string, jpeg: boolean): Promise<RawImage> {
  let pipe = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
  if (jpeg) pipe = sharp(await pipe.jpeg({ quality: 85 }).toBuffer());
  const { data, info } = await pipe.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data) };
}

const W = 1280;
const H = 800;

export function screenshot(jpeg = false): Promise<RawImage> {
  const rows = Array.from(
    { length: 9 },
    (_, i) =>
      `<rect x="300" y="${120 + i * 70}" width="900" height="56" rx="6" fill="${i % 2 ? '#f3f4f6' : '#ffffff'}" stroke="#d1d5db"/>` +
      `<text x="320" y="${154 + i * 70}" font-family="sans-serif" font-size="20" fill="#111827">Listing ${i + 1} · 3 bed · 2 bath · $${420 + i * 15},000</text>`,
  ).join('');
  return rasterize(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
      <rect width="${W}" height="${H}" fill="#f9fafb"/>
      <rect width="${W}" height="64" fill="#1e3a8a"/><text x="24" y="42" font-family="sans-serif" font-size="26" fill="#fff">Dashboard</text>
      <rect y="64" width="260" height="${H - 64}" fill="#e5e7eb"/>
      ${['Home', 'Photos', 'Billing', 'Settings'].map((t, i) => `<text x="24" y="${120 + i * 48}" font-family="sans-serif" font-size="20" fill="#374151">${t}</text>`).join('')}
      ${rows}
    </svg>`,
    jpeg,
  );
}

export function textDocument(jpeg = false): Promise<RawImage> {
  const words =
    'The tenant agrees to keep the premises clean and to return all keys at the end of the lease term';
  const lines = Array.from(
    { length: 30 },
    (_, i) =>
      `<text x="90" y="${110 + i * 34}" font-family="serif" font-size="22" fill="#222">${words.slice(0, 60 + ((i * 7) % 40))}</text>`,
  ).join('');
  return rasterize(
    `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect width="900" height="1200" fill="#fff"/>
      <text x="90" y="70" font-family="serif" font-size="34" font-weight="bold">Residential Lease Agreement</text>${lines}</svg>`,
    jpeg,
  );
}

export function floorPlan(jpeg = false): Promise<RawImage> {
  const walls = [
    [100, 100, 1180, 100],
    [1180, 100, 1180, 700],
    [1180, 700, 100, 700],
    [100, 700, 100, 100],
    [560, 100, 560, 420],
    [560, 520, 560, 700],
    [560, 400, 1180, 400],
    [860, 400, 860, 700],
  ]
    .map(([a, b, c, d]) => `<line x1="${a}" y1="${b}" x2="${c}" y2="${d}" stroke="#000" stroke-width="8"/>`)
    .join('');
  const labels = [
    ['Living 5.2 x 4.1', 230, 400],
    ['Bedroom 3.4 x 3.0', 760, 260],
    ['Kitchen', 650, 560],
    ['Bath', 960, 560],
  ]
    .map(([t, x, y]) => `<text x="${x}" y="${y}" font-family="sans-serif" font-size="24">${t}</text>`)
    .join('');
  return rasterize(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#fff"/>${walls}${labels}</svg>`,
    jpeg,
  );
}

/** A nearly blank frame: mid grey with a faint vignette and sensor-like noise. */
export function nearlyBlank(): RawImage {
  const data = new Uint8Array(W * H * 3);
  let seed = 7;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const v = 128 - Math.hypot(x - W / 2, y - H / 2) / 200 + ((seed >>> 16) % 5) - 2;
      data.fill(Math.round(v), (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  return { width: W, height: H, channels: 3, data };
}

/** Blue sky fading towards the horizon over a textured green lawn: the simplest outdoor scene. */
export function skyOverLawn(): RawImage {
  const data = new Uint8Array(W * H * 3);
  let seed = 11;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = (y * W + x) * 3;
      const rnd = (k: number) => {
        seed = (seed * 1103515245 + 12345) >>> 0;
        return ((seed >>> 16) % (2 * k + 1)) - k;
      };
      if (y < H * 0.55) {
        // Sensor noise of a few levels on a smooth gradient.
        const t = y / (H * 0.55);
        data[p] = 50 + 150 * t + rnd(2);
        data[p + 1] = 110 + 100 * t + rnd(2);
        data[p + 2] = 200 + 45 * t + rnd(2);
      } else {
        // Blades of grass: light and shade vary pixel to pixel, and the hue a little.
        const n = rnd(50);
        data[p] = 70 + n * 0.6 + rnd(20);
        data[p + 1] = 130 + n + rnd(20);
        data[p + 2] = 50 + n * 0.4 + rnd(20);
      }
    }
  return { width: W, height: H, channels: 3, data };
}
