// The `replay` staging engine: answers stage() with the output a real generative tool once gave for
// the same photo, so the whole pipeline (worker pool, guard, storage, API, UI) runs on real model
// outputs without a provider key. identify() is the local engine's, which is what a deployment
// without a provider would answer.
import { AppError } from '#server/lib/errors.ts';
import type {
  Identification,
  RawImage,
  RoomImage,
  StageRequest,
  Staged,
  StagingEngine,
} from '#server/engines/types.ts';
import { createLocalEngine } from '../local/index.ts';
import {
  decodeFile,
  fileFingerprint,
  fingerprint,
  fingerprintDiff,
  listRecordings,
  SAME_PHOTO_MAX_DIFF,
  type Recording,
} from './recordings.ts';

export interface ReplayEngineOptions {
  /** Directory of `<name>before.<ext>` / `<name>after.<ext>` pairs, searched recursively. */
  dir: string;
  /** Only this recording (its name as listed): for evaluating pairs that share one "before" photo. */
  name?: string;
}

export const NO_RECORDING_MESSAGE =
  'No recorded result exists for this photo (replay engine). Upload one of the recorded photos.';

// Engines are created per task in the worker; the index (headers only) and the fingerprints
// (decoded on first need) live for the worker's lifetime.
const indexes = new Map<string, Promise<Recording[]>>();
const prints = new Map<string, Promise<Uint8Array>>();

export class ReplayEngine implements StagingEngine {
  readonly id = 'replay';
  readonly #dir: string;
  readonly #name: string | undefined;
  readonly #local = createLocalEngine();

  constructor(opts: ReplayEngineOptions) {
    this.#dir = opts.dir;
    this.#name = opts.name;
  }

  recordings(): Promise<Recording[]> {
    let index = indexes.get(this.#dir);
    if (!index) {
      index = listRecordings(this.#dir);
      indexes.set(this.#dir, index);
      index.catch(() => indexes.delete(this.#dir));
    }
    return index;
  }

  /** The recording whose "before" is this photo, or null. */
  async find(img: RawImage): Promise<Recording | null> {
    const sameSize = (await this.recordings()).filter(
      (r) =>
        r.width === img.width &&
        r.height === img.height &&
        (this.#name === undefined || r.name === this.#name),
    );
    if (sameSize.length === 0) return null;
    const mine = await fingerprint(img);
    let best: { r: Recording; d: number } | null = null;
    for (const r of sameSize) {
      let p = prints.get(r.before);
      if (!p) {
        p = fileFingerprint(r.before);
        prints.set(r.before, p);
      }
      const d = fingerprintDiff(mine, await p);
      if (d <= SAME_PHOTO_MAX_DIFF && (!best || d < best.d)) best = { r, d };
    }
    return best?.r ?? null;
  }

  identify(img: RoomImage): Promise<Identification> {
    return this.#local.identify(img);
  }

  async stage(img: RoomImage, req: StageRequest): Promise<Staged> {
    req.signal.throwIfAborted();
    const rec = await this.find(img);
    if (!rec) throw new AppError('unprocessable', NO_RECORDING_MESSAGE);
    const image = await decodeFile(rec.after);
    return {
      // The tool's own size and framing, as a provider returns it; the guard brings it to the input's.
      image,
      furnitureMask: new Uint8Array(image.width * image.height),
      // A recording carries no score of its own; the structure guard's score is the one that counts.
      engineConfidence: 0.7,
      notes: [`Replayed the recorded output ${rec.name}after.`],
    };
  }
}

export const createReplayEngine = (opts: ReplayEngineOptions): StagingEngine => new ReplayEngine(opts);
