import { describe, expect, it } from 'vitest';
import { scoreFindings, type Findings } from './score.ts';

const still: Findings['alignment'] = {
  scaleX: 1,
  scaleY: 1,
  rotation: 0,
  dx: 0,
  dy: 0,
  coverage: 1,
  before: 0.8,
  after: 0.8,
  squeezed: false,
  turnConfirmed: true,
  turnRead: 0,
  turnFitted: 0,
};
const findings = (f: Partial<Findings> = {}): Findings => ({
  alignment: still,
  aspectChange: 0,
  lines: { upper: 0.98, lower: 0.8, upperPoints: 1500 },
  surface: 0.05,
  lostFrame: false,
  letterbox: 0,
  ...f,
});

describe('scoreFindings', () => {
  it('passes a staging that kept lines, surfaces and camera, with no reasons', () => {
    const r = scoreFindings(findings());
    expect(r.score).toBeGreaterThan(0.95);
    expect(r.reasons).toEqual([]);
  });

  it('fails a lost frame and names it', () => {
    const r = scoreFindings(findings({ lostFrame: true }));
    expect(r.score).toBeLessThan(0.6);
    expect(r.reasons).toEqual(['window-moved']);
  });

  it('does not fail a result for a frame that appeared (new art, a mirror, curtains)', () => {
    const r = scoreFindings(findings({ gainedFrame: true }));
    expect(r.score).toBeGreaterThan(0.95);
    expect(r.reasons).toEqual([]);
  });

  it('names a frame that appeared next to the repaint that failed the result', () => {
    const repainted = findings({ surface: 0.6 });
    expect(scoreFindings(repainted).reasons).toEqual(['walls-repainted']);
    const both = scoreFindings({ ...repainted, gainedFrame: true });
    expect(both.score).toBe(scoreFindings(repainted).score);
    expect(both.reasons).toEqual(['walls-repainted', 'window-moved']);
  });

  it('names a shape 10 % off the photo on a failing result, even with no alignment found', () => {
    const failing = findings({ surface: 0.6, aspectChange: Math.log(1.37 / 0.75) });
    expect(scoreFindings(failing).reasons).toEqual(['walls-repainted', 'aspect-changed']);
    expect(scoreFindings(findings({ aspectChange: 0.2 })).reasons).toEqual([]);
  });

  it('names a failing result with no specific finding structure-changed', () => {
    const r = scoreFindings(findings({ lines: { upper: 0.6, lower: 0.3, upperPoints: 1500 } }));
    expect(r.score).toBeLessThan(0.6);
    expect(r.reasons).toEqual(['structure-changed']);
  });
});
