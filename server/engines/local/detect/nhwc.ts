// The detector's graph in one layout. The model was converted from ONNX (NCHW) by onnx-tf, which
// wraps every convolution, pooling and resize in a pair of transposes (NCHW -> NHWC, NHWC ->
// NCHW) and pads each 3x3 convolution's input with a separate op: 83 transposes and 28 pads of the
// ~260 ops run per call, moving data only. Here the whole graph runs in NHWC instead: the
// transposes are dropped, the few ops that name an axis (padding, concatenation, the heads' split
// and reshape) get the NHWC one, and the pads become the convolutions' own padding. Every op
// computes the same values in the same order, so the outputs are bit-identical (nhwc.test.ts;
// all fixtures in decision 0082).
import type * as tf from '@tensorflow/tfjs-core';

interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, unknown>;
}

const TO_NHWC = '0,2,3,1';
const TO_NCHW = '0,3,1,2';
/** The heads' final transpose ([1, classes, cells] -> [1, cells, classes]). */
const HEAD_SWAP = '0,2,1';

/**
 * Rewrites `nodes` (in place) and the int32 constants they read in `view` (the weight data, laid
 * out as `specs`) so the graph takes an NHWC input and keeps every tensor NHWC. Throws when the
 * graph does not have the shape this rewrite was written for.
 */
export function toNhwc(nodes: GraphNode[], specs: tf.io.WeightsManifestEntry[], view: DataView): void {
  const offsets = new Map<string, number>();
  let offset = 0;
  for (const w of specs) {
    offsets.set(w.name, offset);
    offset += w.shape.reduce((a, b) => a * b, 1) * (w.quantization?.dtype === 'float16' ? 2 : 4);
  }
  const ints = (name: string, n: number) => {
    const at = offsets.get(name);
    if (at === undefined) throw new Error(`nanodet constant ${name} not found`);
    return {
      get: () => Array.from({ length: n }, (_, i) => view.getInt32(at + 4 * i, true)),
      set: (v: number[]) => v.forEach((x, i) => view.setInt32(at + 4 * i, x, true)),
    };
  };
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const rankOf = (name: string) => specs.find((s) => s.name === name)?.shape[0] ?? 0;
  const constOf = (node: GraphNode, k: number) => node.input![k]!;

  // Transposes between the two layouts (and the heads' swap) are dropped: their consumers read
  // their input instead.
  const bypass = new Map<string, string>();
  for (const n of nodes) {
    if (n.op !== 'Transpose') continue;
    const perm = constOf(n, 1);
    const p = ints(perm, rankOf(perm)).get().join(',');
    if (p !== TO_NHWC && p !== TO_NCHW && p !== HEAD_SWAP) throw new Error(`nanodet transpose ${p}`);
    bypass.set(n.name, constOf(n, 0));
  }
  const resolve = (name: string): string => (bypass.has(name) ? resolve(bypass.get(name)!) : name);
  let swapped = 0;
  const rewritten = new Set<string>();
  const once = (name: string) => {
    if (rewritten.has(name)) throw new Error(`nanodet constant ${name} is shared`);
    rewritten.add(name);
    return name;
  };
  for (const n of nodes) {
    if (bypass.has(n.name)) continue;
    n.input = n.input?.map(resolve);
    if (n.op === 'Pad' || n.op === 'PadV2') {
      // [[n], [c], [h], [w]] -> [[n], [h], [w], [c]].
      const pads = ints(once(constOf(n, 1)), 8);
      const [a, b, c, d, e, f, g, h] = pads.get() as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      pads.set([a, b, e, f, g, h, c, d]);
    } else if (n.op === 'ConcatV2' || n.op === 'SplitV') {
      const axis = ints(once(constOf(n, n.op === 'ConcatV2' ? n.input!.length - 1 : 2)), 1);
      if (axis.get()[0] !== 1) throw new Error(`nanodet ${n.name} is not along channels`);
      axis.set([3]);
    } else if (n.op === 'Reshape') swapped++;
  }
  // The heads reshape [1, h, w, k] to [1, h * w, k] directly (was [1, k, h, w] -> [1, k, h * w],
  // then swapped); the target shapes [1, k, -1] are shared constants of the class and box heads.
  for (const name of ['unknown_63', 'unknown_64']) {
    const shape = ints(name, 3);
    const [one, k, rest] = shape.get() as [number, number, number];
    if (one !== 1 || rest !== -1) throw new Error(`nanodet reshape ${name} has an unexpected shape`);
    shape.set([1, -1, k]);
  }
  if (swapped !== 6) throw new Error('nanodet heads do not match the expected layout');
  // A zero Pad whose only reader is a VALID convolution becomes that convolution's own padding:
  // XNNPACK reads a zero row for the border instead of a padded copy of the input, the same
  // products in the same order (one op and one copy fewer per convolution).
  const readers = new Map<string, number>();
  for (const n of nodes)
    if (!bypass.has(n.name)) for (const i of n.input ?? []) readers.set(i, (readers.get(i) ?? 0) + 1);
  for (const n of nodes) {
    const pad = byName.get(n.input?.[0] ?? '');
    if (n.op !== 'Conv2D' || pad?.op !== 'Pad' || readers.get(pad.name) !== 1) continue;
    const attr = n.attr as { padding: { s: string }; explicit_paddings: { list: { i?: string[] } } };
    const pads = ints(constOf(pad, 1), 8).get();
    // Only rows and columns: a convolution cannot pad the batch or the channels.
    if (
      Buffer.from(attr.padding.s, 'base64').toString() !== 'VALID' ||
      pads[0] ||
      pads[1] ||
      pads[6] ||
      pads[7]
    )
      continue;
    attr.padding.s = Buffer.from('EXPLICIT').toString('base64');
    attr.explicit_paddings.list.i = pads.map(String);
    n.input![0] = pad.input![0]!;
    bypass.set(pad.name, pad.input![0]!);
  }
  const kept = nodes.filter((n) => !bypass.has(n.name));
  nodes.length = 0;
  nodes.push(...kept);
}
