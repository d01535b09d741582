import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import { describe, expect, it } from 'vitest';
import { INPUT_H, INPUT_W } from './input.ts';
import { artifacts, startBackend } from './model.ts';

describe('toNhwc', () => {
  it('gives bit-identical outputs to the file own NCHW graph, without transposes, pads or LeakyReLUs', async () => {
    await startBackend();
    const nhwc = artifacts(INPUT_W, INPUT_H);
    const ops = (nhwc.modelTopology as { node: { op: string }[] }).node.map((n) => n.op);
    expect(ops).not.toContain('Transpose');
    expect(ops.filter((op) => op === 'Pad')).toHaveLength(0);
    // The LeakyReLUs run as XNNPACK's PReLU (prelu.ts): the comparison below covers them too.
    expect(ops).not.toContain('LeakyRelu');
    expect(ops.filter((op) => op === 'Prelu')).toHaveLength(28);
    const [a, b] = await Promise.all(
      [artifacts(INPUT_W, INPUT_H, 'nchw'), nhwc].map((m) =>
        loadGraphModel({ load: () => Promise.resolve(m) }),
      ),
    );
    // A deterministic input with the range of normalised pixels (about -2..2.2).
    const area = INPUT_W * INPUT_H;
    const chw = new Float32Array(3 * area);
    let s = 12345;
    for (let i = 0; i < chw.length; i++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      chw[i] = (s / 2 ** 32) * 4.2 - 2;
    }
    const hwc = new Float32Array(3 * area);
    for (let c = 0; c < 3; c++) for (let p = 0; p < area; p++) hwc[p * 3 + c] = chw[c * area + p]!;
    const outA = a!.execute(tf.tensor4d(chw, [1, 3, INPUT_H, INPUT_W])) as tf.Tensor[];
    const outB = b!.execute(tf.tensor4d(hwc, [1, INPUT_H, INPUT_W, 3])) as tf.Tensor[];
    expect(outB.map((t) => t.shape)).toEqual(outA.map((t) => t.shape));
    outA.forEach((t, i) => {
      const x = t.dataSync() as Float32Array;
      const y = outB[i]!.dataSync() as Float32Array;
      expect(
        Buffer.from(y.buffer, y.byteOffset, y.byteLength).equals(
          Buffer.from(x.buffer, x.byteOffset, x.byteLength),
        ),
      ).toBe(true);
    });
  }, 30_000);
});
