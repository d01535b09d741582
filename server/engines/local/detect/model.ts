// The object detector (NanoDet, COCO classes; weights and licences in weights/SOURCES.md), run by
// TF.js on its WebAssembly backend: offline, CPU only, one thread, inside whichever worker thread
// calls it. The model is loaded once per thread; detect() itself is synchronous.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { fromRoot } from '#server/lib/paths.ts';
import type { AnalysisImage } from '../analysis/pyramid.ts';
import { decodeLevel, STRIDES, suppress, type Detection } from './decode.ts';
import { INPUT_H, INPUT_W, inputTensorData, placement, toPhoto } from './input.ts';
import { toNhwc } from './nhwc.ts';
import { leakyToPrelu } from './prelu.ts';

/** Long side of the copy the detector's input is resampled from (identify's feature copy). */
export const DETECT_SOURCE_SIDE = 320;
/** Boxes below this score are dropped before suppression. */
export const MIN_SCORE = 0.25;
const WEIGHTS = ['server', 'engines', 'local', 'detect', 'weights'];

export interface Detector {
  detect(img: AnalysisImage): Detection[];
}

let loading: Promise<Detector> | undefined;

/** The detector of this thread, loaded on first use. */
export function loadDetector(): Promise<Detector> {
  loading ??= load().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

async function load(): Promise<Detector> {
  await startBackend();
  const model = await loadGraphModel({ load: () => Promise.resolve(artifacts(INPUT_W, INPUT_H)) });
  return { detect: (img) => detectWith(model, img) };
}

/** TF.js on its WebAssembly backend (the SIMD build, chosen by TF.js), one thread. */
export async function startBackend(): Promise<void> {
  const wasmDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm')),
    '/',
  );
  setWasmPaths(wasmDir);
  setThreadsCount(1);
  tf.enableProdMode();
  if (!(await tf.setBackend('wasm'))) throw new Error('TF.js WebAssembly backend did not start');
}

/**
 * The model files as TF.js artifacts, set up for a `width` x `height` input (trained at 416 x 416;
 * the network is fully convolutional): the neck resizes its feature maps to fixed sizes (input / 16,
 * / 8, / 16, / 32), stored as int32 (height, width) constants, which are rewritten here. The graph
 * is turned from NCHW into NHWC (nhwc.ts) and its LeakyReLUs into PReLUs (prelu.ts) unless `layout`
 * asks for the file's own (for the test that both give the same outputs).
 */
export function artifacts(
  width: number,
  height: number,
  layout: 'nhwc' | 'nchw' = 'nhwc',
): tf.io.ModelArtifacts {
  const json = JSON.parse(fs.readFileSync(fromRoot(...WEIGHTS, 'nanodet.json'), 'utf8')) as {
    modelTopology: {
      node: {
        name: string;
        op: string;
        input?: string[];
        attr?: { shape?: { shape: { dim: { size: string }[] } } };
      }[];
    };
    weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[];
    signature: { inputs: Record<string, { tensorShape: { dim: { size: string }[] } }> };
    format: string;
  };
  const bin = fs.readFileSync(fromRoot(...WEIGHTS, 'nanodet.bin'));
  const data = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength);
  const view = new DataView(data);
  const resize: Record<string, number> = {
    'PartitionedCall/Cast_1': 16,
    'PartitionedCall/Cast_3': 8,
    'PartitionedCall/Cast_5': 16,
    'PartitionedCall/Cast_7': 32,
  };
  const specs = json.weightsManifest.flatMap((m) => m.weights);
  let offset = 0;
  let patched = 0;
  for (const w of specs) {
    const size = w.shape.reduce((a, b) => a * b, 1) * (w.quantization?.dtype === 'float16' ? 2 : 4);
    const to = resize[w.name];
    if (to !== undefined) {
      view.setInt32(offset, height / to, true);
      view.setInt32(offset + 4, width / to, true);
      patched++;
    }
    offset += size;
  }
  if (patched !== 4 || offset !== data.byteLength)
    throw new Error('nanodet weights do not match the expected layout');
  let weightData = data;
  if (layout === 'nhwc') {
    toNhwc(json.modelTopology.node, specs, view);
    weightData = leakyToPrelu(json.modelTopology.node, specs, data);
  }
  const dims = [
    json.modelTopology.node.find((n) => n.op === 'Placeholder')?.attr?.shape?.shape.dim,
    ...Object.values(json.signature.inputs).map((i) => i.tensorShape.dim),
  ];
  const sizes = layout === 'nhwc' ? [1, height, width, 3] : [1, 3, height, width];
  for (const dim of dims) if (dim) sizes.forEach((v, i) => (dim[i]!.size = String(v)));
  return {
    modelTopology: json.modelTopology,
    weightSpecs: specs,
    weightData,
    format: json.format,
    signature: json.signature,
  };
}

function detectWith(model: GraphModel, img: AnalysisImage): Detection[] {
  const place = placement(img.lum.width, img.lum.height);
  const input = tf.tensor4d(inputTensorData(img, place), [1, INPUT_H, INPUT_W, 3]);
  const outputs = model.execute(input) as tf.Tensor[];
  input.dispose();
  try {
    const dets: Detection[] = [];
    for (const stride of STRIDES) {
      const cells = (INPUT_W / stride) * (INPUT_H / stride);
      const scores = outputs.find((t) => t.shape[1] === cells && t.shape[2] === 80);
      const dist = outputs.find((t) => t.shape[1] === cells && t.shape[2] === 44);
      if (!scores || !dist) throw new Error('nanodet outputs have an unexpected shape');
      dets.push(
        ...decodeLevel(
          scores.dataSync() as Float32Array,
          dist.dataSync() as Float32Array,
          INPUT_W,
          INPUT_H,
          stride,
          MIN_SCORE,
        ),
      );
    }
    // Boxes of the letterbox bars (clipped to nothing) are dropped.
    return suppress(dets)
      .map((d) => ({ ...d, box: toPhoto(d.box, place) }))
      .filter((d) => d.box[2] > d.box[0] && d.box[3] > d.box[1]);
  } finally {
    for (const t of outputs) t.dispose();
  }
}
