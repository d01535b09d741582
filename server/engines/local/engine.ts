// The local engine: offline, CPU-only, deterministic. Cheap to construct (no state), so each
// worker thread can hold its own.
import type {
  Identification,
  RoomImage,
  StagePlacement,
  StageRequest,
  Staged,
  StagingEngine,
} from '#server/engines/types.ts';
import { identifyPhoto } from './identify.ts';
import { planStaging } from './plan-staging.ts';
import { stageImage, type StageOptions } from './stage.ts';

export class LocalEngine implements StagingEngine {
  readonly id = 'local';
  constructor(private readonly opts: StageOptions = {}) {}

  identify(img: RoomImage): Promise<Identification> {
    return identifyPhoto(img);
  }

  stage(img: RoomImage, req: StageRequest): Promise<Staged> {
    return stageImage(img, req, this.opts);
  }

  /** The layout stage() would render for this request, without the render (the check before payment). */
  async plan(img: RoomImage, req: Omit<StageRequest, 'signal' | 'declutter'>): Promise<StagePlacement> {
    return (await planStaging(img, req)).placement;
  }
}

export const createLocalEngine = (opts: StageOptions = {}): StagingEngine => new LocalEngine(opts);
