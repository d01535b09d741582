import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '#server/lib/paths.ts';
import { ENGINE_ASSETS } from '#shared/constants/engine-assets.ts';
import { loadScans, pyramid, sample, SCAN_NAMES, type ScanMap } from './textures.ts';
import { newHit, triplanar } from './triplanar.ts';

const dir = fromRoot('shared', 'engine-assets', 'textures');

describe('engine assets', () => {
  it('credits every shipped texture file, and every credited file exists, with its source recorded', () => {
    const files = fs.readdirSync(dir).sort();
    const credited = ENGINE_ASSETS.flatMap((a) => a.files).sort();
    expect(files).toEqual(credited);
    const sources = fs.readFileSync(fromRoot('shared', 'engine-assets', 'SOURCES.md'), 'utf8');
    for (const f of files) expect(sources).toContain(f);
  });

  it('stays small', () => {
    const bytes = fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(`${dir}/${f}`).size, 0);
    expect(bytes).toBeLessThan(5_000_000);
  });

  it('loads every scan with its maps and pyramids', async () => {
    const scans = await loadScans();
    for (const name of SCAN_NAMES) {
      const scan = scans[name];
      expect(scan.tile).toBeGreaterThan(0);
      const maps = [scan.color, scan.normal, scan.roughness].filter(Boolean) as ScanMap[];
      expect(maps.length).toBeGreaterThan(1);
      for (const m of maps) expect(m.mips.at(-1)!.width).toBeLessThanOrEqual(8);
    }
  });
});

describe('texture sampling', () => {
  // 8x8 checkerboard of 0 / 255, one channel.
  const data = Uint8Array.from({ length: 64 }, (_, i) => (((i % 8) + Math.floor(i / 8)) % 2 ? 255 : 0));
  const map: ScanMap = { channels: 1, mips: pyramid({ width: 8, height: 8, data }, 1), mean: [127.5] };
  const out = new Float32Array(3);

  it('averages 2x2 blocks per level', () => {
    expect(map.mips.map((m) => m.width)).toEqual([8, 4]);
    expect([...map.mips[1]!.data].every((v) => v === 128)).toBe(true);
  });

  it('shows texel detail when a pixel is smaller than a texel, the mean when it covers many', () => {
    sample(map, 0.5 / 8, 0.5 / 8, 1 / 64, out);
    expect(out[0]).toBe(0);
    sample(map, 1.5 / 8, 0.5 / 8, 1 / 64, out);
    expect(out[0]).toBe(255);
    sample(map, 0.5 / 8, 0.5 / 8, 1 / 2, out);
    expect(out[0]).toBe(128);
  });

  it('wraps (the scans tile)', () => {
    sample(map, 0.5 / 8 + 3, 0.5 / 8 - 2, 1 / 64, out);
    expect(out[0]).toBe(0);
  });
});

describe('triplanar', () => {
  it('maps a face on the plane it faces, with detail around 1 and no bump from a flat map', async () => {
    const scans = await loadScans();
    const hit = newHit();
    const d: number[] = [];
    for (let i = 0; i < 200; i++) {
      triplanar(scans['wood-veneer'], i * 0.013, 0.4, 0.2, 0, 1, 0, 0.001, hit);
      d.push(hit.detail[0]!);
    }
    const mean = d.reduce((a, b) => a + b, 0) / d.length;
    expect(mean).toBeGreaterThan(0.75);
    expect(mean).toBeLessThan(1.25);
    // Grain varies along the surface.
    expect(Math.max(...d) - Math.min(...d)).toBeGreaterThan(0.1);
    // A top face (normal +y) only samples the x/z plane: moving in y changes nothing.
    triplanar(scans['wood-veneer'], 0.3, 0.1, 0.2, 0, 1, 0, 0.001, hit);
    const a = hit.detail[0];
    triplanar(scans['wood-veneer'], 0.3, 0.7, 0.2, 0, 1, 0, 0.001, hit);
    expect(hit.detail[0]).toBeCloseTo(a!, 5);
  });
});
