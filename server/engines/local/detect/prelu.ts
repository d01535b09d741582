// The detector's LeakyReLUs as PReLUs with a constant slope. TF.js's WebAssembly LeakyRelu is a
// plain scalar loop (~6 ns an element: 28 of them were ~15% of a detection), while its Prelu runs
// XNNPACK's SIMD kernel (~20x faster on a 144 x 112 x 24 map). Both give x for x >= 0 (and for -0,
// whose sign bit both keep) and the float32 product slope * x below, so the outputs are
// bit-identical (nhwc.test.ts compares with the file's own graph).
import type * as tf from '@tensorflow/tfjs-core';

interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, unknown>;
}

/**
 * Rewrites every LeakyRelu of the NHWC graph `nodes` (in place) into a Prelu whose slope is a
 * constant of one value per channel, appended to `specs` and to the weight data; returns the new
 * weight data. XNNPACK's PReLU takes its channel count from the slope's length, so that length must
 * be the input's channel count: each LeakyRelu here reads a convolution's bias Add, whose bias
 * has it. Throws when the graph does not have that shape.
 */
export function leakyToPrelu(
  nodes: GraphNode[],
  specs: tf.io.WeightsManifestEntry[],
  data: ArrayBuffer,
): ArrayBuffer {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const shapeOf = new Map(specs.map((s) => [s.name, s.shape]));
  const slopes = new Map<string, { channels: number; alpha: number }>();
  for (const n of nodes) {
    if (n.op !== 'LeakyRelu') continue;
    const add = byName.get(n.input?.[0] ?? '');
    const bias = shapeOf.get(add?.input?.[1] ?? '');
    const alpha = (n.attr as { alpha?: { f?: number } } | undefined)?.alpha?.f;
    if (add?.op !== 'Add' || bias?.length !== 1 || alpha === undefined)
      throw new Error(`nanodet ${n.name} does not read a bias add`);
    const channels = bias[0]!;
    const name = `prelu_slope_${channels}_${alpha}`;
    slopes.set(name, { channels, alpha });
    n.op = 'Prelu';
    n.input = [n.input![0]!, name];
    n.attr = { T: { type: 'DT_FLOAT' } };
  }
  const extra = [...slopes.values()].reduce((s, v) => s + v.channels, 0);
  const out = new Uint8Array(data.byteLength + 4 * extra);
  out.set(new Uint8Array(data));
  let offset = data.byteLength;
  for (const [name, { channels, alpha }] of slopes) {
    // The weight data is read as float32 at any byte offset (TF.js copies each weight out).
    new DataView(out.buffer).setFloat32(offset, alpha, true);
    for (let c = 1; c < channels; c++) out.copyWithin(offset + 4 * c, offset, offset + 4);
    offset += 4 * channels;
    specs.push({ name, shape: [channels], dtype: 'float32' });
    nodes.push({
      name,
      op: 'Const',
      attr: {
        dtype: { type: 'DT_FLOAT' },
        value: { tensor: { dtype: 'DT_FLOAT', tensorShape: { dim: [{ size: String(channels) }] } } },
      },
    });
  }
  return out.buffer;
}
