// Bedding that lies like cloth (0262): the duvet's top edge wanders, its top sags, the bend is
// deterministic, and normals stay unit and agree with the bent faces.
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { PADS, drapeDuvet, pad, type DuvetBox } from './bedding.ts';
import { box, part, type Mesh, type Part } from './mesh.ts';
import { STYLE_SPECS } from '../styles/styles.ts';

const B: DuvetBox = { hw: 0.83, top: 0.6, thick: 0.045, drop: 0.2, head: -0.6, foot: 1.05, folded: 0 };

/** The duvet's part after the drape, and its vertices before it (to find the same vertices). */
function duvetWithRest(seed: number, b = B): [Part, number[]] {
  const p = part([] as Mesh, STYLE_SPECS.modern.bedding);
  box(
    p,
    [0, b.top - (b.thick + b.drop) / 2, (b.head + b.foot) / 2],
    [2 * b.hw, b.thick + b.drop, b.foot - b.head],
    0.07,
    3,
    12,
  );
  const rest = p.pos.slice();
  drapeDuvet(p, 0, b, createRng(seed));
  return [p, rest];
}
const duvet = (seed: number, b = B): Part => duvetWithRest(seed, b)[0];

/** The smallest agreement (cosine) between a triangle's own normal and its vertices' normals. */
function worstAgreement(p: Part): number {
  let worst = 1;
  for (let t = 0; t < p.idx.length; t += 3) {
    const [a, b, c] = [p.idx[t]!, p.idx[t + 1]!, p.idx[t + 2]!].map((i) => i * 3) as [number, number, number];
    const e1 = [0, 1, 2].map((k) => p.pos[b + k]! - p.pos[a + k]!);
    const e2 = [0, 1, 2].map((k) => p.pos[c + k]! - p.pos[a + k]!);
    const n = [
      e1[1]! * e2[2]! - e1[2]! * e2[1]!,
      e1[2]! * e2[0]! - e1[0]! * e2[2]!,
      e1[0]! * e2[1]! - e1[1]! * e2[0]!,
    ];
    const l = Math.hypot(n[0]!, n[1]!, n[2]!);
    if (l < 1e-10) continue;
    for (const v of [a, b, c]) {
      const dot = (n[0]! * p.nrm[v]! + n[1]! * p.nrm[v + 1]! + n[2]! * p.nrm[v + 2]!) / l;
      worst = Math.min(worst, dot);
    }
  }
  return worst;
}

describe('bedding (0262)', () => {
  it("the duvet's top edge is not a straight line and its top sags between head and foot", () => {
    const [p, rest] = duvetWithRest(7);
    const headTop: number[] = [];
    const mid: number[] = [];
    const nearFoot: number[] = [];
    for (let v = 0; v < p.pos.length / 3; v++) {
      const [x, y, z] = [rest[v * 3]!, rest[v * 3 + 1]!, rest[v * 3 + 2]!];
      if (y < B.top - 0.06 || Math.abs(x) > 0.3) continue;
      if (z < B.head + 0.01) headTop.push(p.pos[v * 3 + 2]!);
      if (Math.abs(z - (B.head + B.foot) / 2) < 0.1) mid.push(p.pos[v * 3 + 1]!);
      if (z > B.foot - 0.2 && z < B.foot - 0.1) nearFoot.push(p.pos[v * 3 + 1]!);
    }
    expect(Math.max(...headTop) - Math.min(...headTop)).toBeGreaterThan(0.015);
    const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(avg(nearFoot) - avg(mid)).toBeGreaterThan(0.004);
  });

  it('is deterministic and each seed drapes its own way', () => {
    expect(duvet(3).pos).toEqual(duvet(3).pos);
    expect(duvet(3).pos).not.toEqual(duvet(4).pos);
  });

  it('normals stay unit and agree with the bent faces', () => {
    for (const p of [duvet(1), duvet(2, { ...B, folded: 0.4 })]) {
      for (let v = 0; v < p.nrm.length; v += 3)
        expect(Math.hypot(p.nrm[v]!, p.nrm[v + 1]!, p.nrm[v + 2]!)).toBeCloseTo(1, 6);
      expect(worstAgreement(p)).toBeGreaterThan(0.5);
    }
    const board = part([] as Mesh, STYLE_SPECS.modern.bedding);
    box(board, [0, 0.8, 0], [1.7, 0.7, 0.08], 0.04, 3, 6);
    const flatFront = Math.max(...board.pos.filter((_, i) => i % 3 === 2));
    pad(board, 0, [0, 0.8, 0], [0.85, 0.35, 0.04], PADS.headboard, 11);
    expect(worstAgreement(board)).toBeGreaterThan(0.5);
    // A crown: the board is fullest in the middle, thinner towards its edges.
    const front = (x0: number, y0: number) => {
      let best = -Infinity;
      for (let v = 0; v < board.pos.length / 3; v++)
        if (Math.abs(board.pos[v * 3]! - x0) < 0.15 && Math.abs(board.pos[v * 3 + 1]! - y0) < 0.08)
          best = Math.max(best, board.pos[v * 3 + 2]!);
      return best;
    };
    expect(front(0, 0.8) - front(0.75, 0.5)).toBeGreaterThan(0.003);
    expect(front(0, 0.8)).toBeLessThan(flatFront + 0.01);
  });
});
