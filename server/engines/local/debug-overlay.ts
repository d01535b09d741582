// Draws what the analysis measured (floor outline, horizon, vanishing lines, openings) as an SVG
// layer, so `npm run stage -- --debug` shows why a layout ended up where it did.
import type { RoomAnalysis } from './analysis/analyze.ts';
import { horizonRow } from './geometry/camera.ts';

export function analysisOverlaySvg(a: RoomAnalysis): string {
  const w = a.width;
  const h = a.height;
  const sw = Math.max(2, Math.round(Math.max(w, h) / 400));
  const hz = horizonRow(a.camera);
  const floor = a.floorImage.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const segs = a.segments
    .map((g) => {
      const vp = a.vanishingPoints.findIndex((v) =>
        v.inliers.some((s) => s.angle === g.angle && s.strength === g.strength),
      );
      const colour = vp === 0 ? '#ff3b30' : vp === 1 ? '#34c759' : '#ffcc00';
      return `<line x1="${g.x1}" y1="${g.y1}" x2="${g.x2}" y2="${g.y2}" stroke="${colour}" stroke-width="${sw}"/>`;
    })
    .join('');
  const openings = a.openings
    .map(
      (o) =>
        `<rect x="${o.x0}" y="${o.y0}" width="${o.x1 - o.x0}" height="${o.y1 - o.y0}" fill="none" stroke="${o.kind === 'door' ? '#ff00ff' : '#00c8ff'}" stroke-width="${sw * 2}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<polygon points="${floor}" fill="rgba(0,120,255,0.25)" stroke="#0a84ff" stroke-width="${sw * 2}"/>
<line x1="0" y1="${hz}" x2="${w}" y2="${hz}" stroke="#ff9500" stroke-width="${sw * 2}" stroke-dasharray="${sw * 6}"/>
${segs}${openings}</svg>`;
}
