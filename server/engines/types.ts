// The contract every staging engine implements (see docs/engines.md). Engines receive decoded,
// normalised pixels and return pixels; encoding, storage and HTTP belong to the callers.
import type { PhotoRefusal } from '#shared/constants/photo-check.ts';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import type { Layout } from '#shared/schemas/layout.ts';
import type { RawImage, RoomImage } from '#server/lib/images/types.ts';

// Pixels are decoded by lib/images; engines take and return them.
export type { RawImage, RoomImage };

export interface Identification {
  /** False when the photo cannot be staged; `reason` then says why in words a user understands. */
  readonly isValid: boolean;
  readonly reason: string | null;
  /** What kind of refusal `reason` is, when the engine knows (the local engine does); absent when valid. */
  readonly refusal?: PhotoRefusal;
  /** Only set when the photo itself shows the room type; otherwise null so the user's choice stands. */
  readonly roomType: RoomType | null;
  /** 0..1: how sure the engine is of `roomType` when it claims one; absent or null otherwise. */
  readonly roomTypeConfidence?: number | null;
  /** 0..1: how sure the engine is that this is a stageable interior. */
  readonly confidence: number;
  /** True when the photo already shows furniture (staging would draw over it); absent when the engine cannot tell. */
  readonly furnished?: boolean;
  /** Non-blocking notes, e.g. "Low resolution: results will be soft." */
  readonly issues: readonly string[];
}

export interface StageRequest {
  readonly style: Style;
  readonly roomType: RoomType;
  /** Regeneration number: same image, style and variant give the same result. */
  readonly variant: number;
  /**
   * A listing's furniture set: photos staged with the same number show the same model of each piece
   * type (the local engine; decision 0255). Absent: models are chosen per photo.
   */
  readonly furnitureSet?: number;
  /** Remove the furniture already in the photo before staging; only engines whose capabilities say so. */
  readonly declutter?: boolean;
  /**
   * Masked engines: the area the agent painted for furniture, polygons in 0..1 photo coordinates; it
   * replaces the engine's own mask (decision 0181). Others are never sent one (the service refuses it).
   */
  readonly furnishArea?: readonly (readonly (readonly [number, number])[])[];
  readonly signal: AbortSignal;
}

/** What an engine can do beyond staging an empty room; plain data, shown to the client. */
export interface EngineCapabilities {
  /** Removes existing furniture before staging (a furnished photo in, a restaged room out). */
  readonly declutter: boolean;
  /** Sends the model a mask of the floor and furniture zone (guidance for the model; the structure guard protects walls and openings). */
  readonly masked: boolean;
  /** Plans a furniture layout (`plan`) that can be checked before payment and reported after the run. */
  readonly plansLayout: boolean;
}

/** What a layout-planning engine furnished, against what the room type needs (the local engine). */
export interface StagePlacement {
  /** The room type's main piece (sofa, bed, dining table, desk) stands in the layout. */
  readonly mainPiece: boolean;
  readonly mainPieceKind: string | null;
  /** Every piece placed, by kind. */
  readonly pieces: readonly string[];
  /** Pieces of the main group standing on the floor, against the group's required ones (rugs aside). */
  readonly core: { readonly placed: number; readonly needed: number };
}

export interface Staged {
  /** Always the input's exact width and height. */
  readonly image: RawImage;
  /** One byte per pixel: 0 where the output equals the input, >0 where furniture, shadows or decor changed it. */
  readonly furnitureMask: Uint8Array;
  readonly engineConfidence: number;
  readonly notes: readonly string[];
  /** Engines that plan a layout say what they placed; generative engines leave it out. */
  readonly placement?: StagePlacement;
  /** Engines that plan a layout: the room and the pieces, stored so the agent can arrange them (issue 31). */
  readonly layout?: Layout;
}

export interface StagingEngine {
  readonly id: string;
  identify(img: RoomImage): Promise<Identification>;
  stage(img: RoomImage, req: StageRequest): Promise<Staged>;
  /** Engines whose capabilities say `plansLayout`: what `stage` would place, without rendering it. */
  plan?(img: RoomImage, req: Omit<StageRequest, 'signal' | 'declutter'>): Promise<StagePlacement>;
}
