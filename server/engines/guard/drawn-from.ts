// Where each delivered pixel was drawn from: the plan's map from a delivered pixel to the model's own
// image. The border scan (border-scan.ts) uses it to tell a flat run the drawing introduced (a fill
// where the map leaves the model's image, or colour the model does not have there) from the model's
// own picture (a smooth ceiling or floor, flat in the model's image too).
import type { RawImage } from '#server/engines/types.ts';
import type { DrawnSource } from './border-scan.ts';
import { deliveredMap } from './delivery-check.ts';
import type { CoverRender, ModelRender, RecomposeRender } from './plan.ts';

type Render = ModelRender | RecomposeRender | CoverRender;
type Map6 = [number, number, number, number, number, number];

/** sharp's cover: the (trimmed) image scaled to cover W x H, then its centre W x H cut out. */
function coverMap(output: RawImage, W: number, H: number, trim: CoverRender['trim']): Map6 {
  const t = trim ?? { top: 0, bottom: 0, left: 0, right: 0 };
  const tw = output.width - t.left - t.right;
  const th = output.height - t.top - t.bottom;
  const s = Math.max(W / tw, H / th);
  const [rw, rh] = [Math.round(tw * s), Math.round(th * s)];
  const [cl, ct] = [Math.floor((rw - W + 1) / 2), Math.floor((rh - H + 1) / 2)];
  const [kx, ky] = [tw / rw, th / rh];
  return [kx, 0, (cl + 0.5) * kx - 0.5 + t.left, 0, ky, (ct + 0.5) * ky - 0.5 + t.top];
}

/**
 * Where the plan draws each pixel of a W x H delivery from, in `output` (the model's own image).
 * Undefined for a recomposition: its pixels are the photo's own bytes wherever the model's are not
 * (it never uncovers anything), and the photo's own runs already speak for those.
 */
export function drawnFrom(render: Render, output: RawImage, W: number, H: number): DrawnSource | undefined {
  if (render.kind === 'recompose') return undefined;
  const m =
    render.kind === 'cover'
      ? coverMap(output, W, H, render.trim)
      : deliveredMap({
          W,
          H,
          modelWidth: output.width,
          modelHeight: output.height,
          affine: render.affine,
          w: render.work.width,
          h: render.work.height,
          zoom: render.zoom,
          squeezed: false,
          turnConfirmed: true,
        });
  // The footprint one delivered pixel averages (model pixels per delivered pixel); an enlargement
  // interpolates between model pixels instead.
  const r = Math.max(0, Math.floor(Math.sqrt(Math.abs(m[0] * m[4] - m[1] * m[3])) / 2));
  const { width: mw, height: mh, data } = output;
  const at = (x: number, y: number) => [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]] as const;
  // Half a model pixel beyond the last centre still reads the edge pixel (as warpProblems judges).
  const inside = (u: number, v: number) => u >= -0.5 && v >= -0.5 && u <= mw - 0.5 && v <= mh - 0.5;
  return {
    inside: (x, y) => inside(...at(x, y)),
    colourAt(x, y) {
      const [u, v] = at(x, y);
      if (!inside(u, v)) return null;
      if (r === 0) return bilinear(output, u, v);
      const [x0, x1] = [Math.max(0, Math.round(u) - r), Math.min(mw - 1, Math.round(u) + r)];
      const [y0, y1] = [Math.max(0, Math.round(v) - r), Math.min(mh - 1, Math.round(v) + r)];
      const sum = [0, 0, 0];
      for (let j = y0; j <= y1; j++)
        for (let i = x0; i <= x1; i++) for (let c = 0; c < 3; c++) sum[c]! += data[(j * mw + i) * 3 + c]!;
      const n = (x1 - x0 + 1) * (y1 - y0 + 1);
      return sum.map((s) => s / n);
    },
  };
}

/** The model's colour between its pixel centres (an enlargement's sample), clamped at its edges. */
function bilinear(img: RawImage, u: number, v: number): number[] {
  const cu = Math.min(img.width - 1, Math.max(0, u));
  const cv = Math.min(img.height - 1, Math.max(0, v));
  const x0 = Math.min(img.width - 2, Math.floor(cu));
  const y0 = Math.min(img.height - 2, Math.floor(cv));
  const [fx, fy] = [cu - x0, cv - y0];
  const px = (x: number, y: number, c: number) => img.data[(y * img.width + x) * 3 + c]!;
  return [0, 1, 2].map(
    (c) =>
      (px(x0, y0, c) * (1 - fx) + px(x0 + 1, y0, c) * fx) * (1 - fy) +
      (px(x0, y0 + 1, c) * (1 - fx) + px(x0 + 1, y0 + 1, c) * fx) * fy,
  );
}
