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

/**
 * Input side. The network was trained at 416 px; at 320 px it costs about 40% less and still finds
 * what matters here (beds, sofas, tables, appliances: large objects).
 */
export const DETECT_SIDE = 320;
/** Long side of the copy the detector's input is resampled from (identify's feature copy). */
export const DETECT_SOURCE_SIDE = 320;
/** Boxes below this score are dropped before suppression. */
export const MIN_SCORE = 0.25;
const WEIGHTS = ['server', 'engines', 'local', 'detect', 'weights'];
// NanoDet's own input normalisation (BGR order, ImageNet statistics).
const MEAN = [103.53, 116.28, 123.675] as const;
const STD = [57.375, 57.12, 58.395] as const;

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
  const wasmDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm')),
    '/',
  );
  setWasmPaths(wasmDir);
  setThreadsCount(1);
  tf.enableProdMode();
  if (!(await tf.setBackend('wasm'))) throw new Error('TF.js WebAssembly backend did not start');
  const model = await loadGraphModel({ load: () => Promise.resolve(artifacts(DETECT_SIDE)) });
  return { detect: (img) => detectWith(model, img) };
}

/**
 * The model files as TF.js artifacts, set up for a `side` px input: the neck resizes its feature maps
 * to fixed sizes (input / 16, / 8, / 16, / 32), stored as int32 constants, which are rewritten here.
 */
function artifacts(side: number): tf.io.ModelArtifacts {
  const json = JSON.parse(fs.readFileSync(fromRoot(...WEIGHTS, 'nanodet.json'), 'utf8')) as {
    modelTopology: { node: { op: string; attr?: { shape?: { shape: { dim: { size: string }[] } } } }[] };
    weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[];
    signature: { inputs: Record<string, { tensorShape: { dim: { size: string }[] } }> };
    format: string;
  };
  const bin = fs.readFileSync(fromRoot(...WEIGHTS, 'nanodet.bin'));
  const data = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength);
  const view = new DataView(data);
  const resize: Record<string, number> = {
    'PartitionedCall/Cast_1': side / 16,
    'PartitionedCall/Cast_3': side / 8,
    'PartitionedCall/Cast_5': side / 16,
    'PartitionedCall/Cast_7': side / 32,
  };
  const specs = json.weightsManifest.flatMap((m) => m.weights);
  let offset = 0;
  let patched = 0;
  for (const w of specs) {
    const size = w.shape.reduce((a, b) => a * b, 1) * (w.quantization?.dtype === 'float16' ? 2 : 4);
    const to = resize[w.name];
    if (to !== undefined) {
      view.setInt32(offset, to, true);
      view.setInt32(offset + 4, to, true);
      patched++;
    }
    offset += size;
  }
  if (patched !== 4 || offset !== data.byteLength)
    throw new Error('nanodet weights do not match the expected layout');
  const dims = [
    json.modelTopology.node.find((n) => n.op === 'Placeholder')?.attr?.shape?.shape.dim,
    ...Object.values(json.signature.inputs).map((i) => i.tensorShape.dim),
  ];
  for (const dim of dims) if (dim) dim[2]!.size = dim[3]!.size = String(side);
  return {
    modelTopology: json.modelTopology,
    weightSpecs: specs,
    weightData: data,
    format: json.format,
    signature: json.signature,
  };
}

/** Bilinear resample of the analysis copy to the square input, normalised, channels first. */
export function inputTensorData(img: AnalysisImage, side: number): Float32Array {
  const { width: w, height: h } = img.lum;
  const planes = [img.b.data, img.g.data, img.r.data];
  const out = new Float32Array(3 * side * side);
  for (let y = 0; y < side; y++) {
    const sy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / side - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < side; x++) {
      const sx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / side - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(w - 1, x0 + 1);
      const fx = sx - x0;
      for (let c = 0; c < 3; c++) {
        const p = planes[c]!;
        const top = p[y0 * w + x0]! * (1 - fx) + p[y0 * w + x1]! * fx;
        const bottom = p[y1 * w + x0]! * (1 - fx) + p[y1 * w + x1]! * fx;
        out[c * side * side + y * side + x] = (top * (1 - fy) + bottom * fy - MEAN[c]!) / STD[c]!;
      }
    }
  }
  return out;
}

function detectWith(model: GraphModel, img: AnalysisImage): Detection[] {
  const side = DETECT_SIDE;
  const input = tf.tensor4d(inputTensorData(img, side), [1, 3, side, side]);
  const outputs = model.execute(input) as tf.Tensor[];
  input.dispose();
  try {
    const dets: Detection[] = [];
    for (const stride of STRIDES) {
      const cells = (side / stride) ** 2;
      const scores = outputs.find((t) => t.shape[1] === cells && t.shape[2] === 80);
      const dist = outputs.find((t) => t.shape[1] === cells && t.shape[2] === 44);
      if (!scores || !dist) throw new Error('nanodet outputs have an unexpected shape');
      dets.push(
        ...decodeLevel(
          scores.dataSync() as Float32Array,
          dist.dataSync() as Float32Array,
          side,
          stride,
          MIN_SCORE,
        ),
      );
    }
    return suppress(dets);
  } finally {
    for (const t of outputs) t.dispose();
  }
}
