// The frame every image-edit provider shares, so each adapter holds only its wire format: a request
// already cancelled never reaches the network, the photo is capped and masked the same way, and the
// answer becomes a Staged the same way. Identification stays on this machine (staged.ts says why).
import type {
  Identification,
  RawImage,
  RoomImage,
  StageRequest,
  Staged,
  StagingEngine,
} from '#server/engines/types.ts';
import { throwIfCancelled } from './errors.ts';
import { identifyLocally, prepareEdit, stagedAnswer, type EditInput } from './staged.ts';

/** What one provider call made of the edit input: the decoded image and the notes shown with it. */
export interface EditResult {
  image: RawImage;
  notes: string[];
}

/** How a provider takes the photo. */
export interface UploadSettings {
  /** Names the provider in log-safe causes. */
  provider: string;
  /** Long side of the upload: every provider outputs about 1-2 MP, so more only costs bandwidth. */
  maxEdge: number;
  /** Whether the provider takes a mask of the editable region (otherwise only a declutter hint). */
  masked: boolean;
}

export abstract class RemoteEngine implements StagingEngine {
  abstract readonly id: string;
  protected readonly upload: UploadSettings;

  protected constructor(upload: UploadSettings) {
    this.upload = upload;
  }

  identify(img: RoomImage): Promise<Identification> {
    return identifyLocally(img);
  }

  async stage(img: RoomImage, req: StageRequest): Promise<Staged> {
    throwIfCancelled(this.upload.provider, req.signal);
    const input = await prepareEdit(img, req, this.upload.maxEdge, this.upload.masked);
    const { image, notes } = await this.edit(input, req);
    return stagedAnswer(image, input, notes);
  }

  /** The provider call itself; its failures come back as AppErrors. */
  protected abstract edit(input: EditInput, req: StageRequest): Promise<EditResult>;
}

/** The caller's cancel and our own deadline as one signal (fetch reports both as an abort). */
export const withDeadline = (signal: AbortSignal, timeoutMs: number): AbortSignal =>
  AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
