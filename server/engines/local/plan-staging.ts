// planStaging(): everything the local engine decides before it renders: the room's analysis, what
// already stands on the floor, and the furniture layout for the room type. Staging renders this plan;
// the check before payment (and the placement evaluation) read it without rendering anything.
import type { RawImage, StagePlacement } from '#server/engines/types.ts';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import { analyze, type RoomAnalysis } from './analysis/analyze.ts';
import { downscale, downscaleLum } from './analysis/pyramid.ts';
import { floorView, fromView } from './detect/floor-view.ts';
import { DETECT_SOURCE_SIDE, loadDetector } from './detect/model.ts';
import { horizonRow } from './geometry/camera.ts';
import type { PlacedItem } from './layout/fit.ts';
import type { Pt } from './layout/geometry.ts';
import type { Box } from '#server/lib/images/index.ts';
import { obstaclesFrom } from './layout/occupancy.ts';
import { floorPosts, POSTS_SIDE } from './layout/floor-posts.ts';
import { baseboardHeaters } from './layout/baseboard-heaters.ts';
import { floorLimits } from './layout/floor-limits.ts';
import { convexFloor } from './layout/trusted-floor.ts';
import { templateFor, type TemplateGroup } from './layout/templates.ts';
import { boxFloorFurnishesMore, footprintBox, frameShare, mainPieces, planLayout } from './plan-layout.ts';
import { createRng, hashString, type Rng } from './rng.ts';
import { STYLE_SPECS, type StyleSpec } from './styles/styles.ts';

export interface PlanRequest {
  readonly style: Style;
  readonly roomType: RoomType;
  readonly variant: number;
}

export interface StagingPlan {
  readonly analysis: RoomAnalysis;
  readonly items: PlacedItem[];
  readonly groups: TemplateGroup[];
  readonly spec: StyleSpec;
  readonly seed: number;
  /** The layout's random stream, carried on into the render so a seed gives one picture. */
  readonly rng: Rng;
  readonly simplified: boolean;
  readonly placement: StagePlacement;
  /** What the floor rule read (kept with the layout so a hand-placed piece is judged the same way). */
  readonly obstacles: Box[];
  readonly floors: Pt[][];
}

/** `onAnalysed` marks the end of the analysis (the benchmark times analysis and layout apart). */
export async function planStaging(
  img: RawImage,
  req: PlanRequest,
  onAnalysed?: () => void,
): Promise<StagingPlan> {
  let analysis = analyze(img);
  // What already stands on the floor (beds, sofas, appliances, people): new pieces keep off it.
  const detector = await loadDetector();
  // Portrait photos are looked at from the horizon down, where every floor contact is (detect/floor-view.ts).
  const { view, top } = floorView(
    downscale(img, DETECT_SOURCE_SIDE),
    horizonRow(analysis.camera) / img.height,
  );
  const obstacles = [
    ...obstaclesFrom(fromView(detector.detect(view), top), img.width, img.height),
    // Posts too thin for the detector (stool legs, pipe stubs): decision 0237.
    ...floorPosts(
      downscaleLum(img, POSTS_SIDE, horizonRow(analysis.camera)),
      analysis.floorImage,
      analysis.camera,
    ),
    // Heaters along a wall's foot, kept clear so the warm air rises: decision 0240.
    ...baseboardHeaters(analysis.segments, analysis.floorImage, analysis.camera, img.height),
  ];
  onAnalysed?.();
  const spec = STYLE_SPECS[req.style];
  const seed = hashString(`${pixelHash(img)}:${req.style}:${req.roomType}:${req.variant}`);
  const rng = createRng(seed);
  const groups = withExtras(templateFor(req.roomType, rng.chance(0.5) ? 0 : Math.PI / 2), spec.extraPlants);
  // The room box is a second, independent floor estimate (the expensive measurement is shared):
  // pieces stand only where it and the colour floor, its dips filled, agree (layout/trusted-floor.ts).
  const boxed = analyze(img, { boxFloor: true });
  // Neither estimate may run higher up a wall than the room's height allows, nor into a mirror
  // (layout/floor-limits.ts).
  const limit = floorLimits(analysis);
  const floors = [convexFloor(analysis.floorImage), boxed.floorImage].map(limit);
  const layoutOpts = {
    seed,
    variant: req.variant,
    minimal: spec.minimal,
    obstacles,
    floors,
    seenFloor: limit(analysis.floorImage),
  };
  let plan = planLayout(analysis, groups, layoutOpts);
  // Kitchen units stand on the floor and a room box ignores them, so kitchens keep the colour floor.
  if ((plan.simplified || !mainPieces(plan.items)) && req.roomType !== 'kitchen') {
    // The colour-based floor left too little to furnish (a floor darkening down a corridor,
    // glossy tiles, sun patches): measure the floor as a room box and keep whichever furnishes more.
    const retry = planLayout(boxed, groups, layoutOpts);
    const better = boxFloorFurnishesMore(
      { main: mainPieces(plan.items), share: frameShare(analysis, plan.items) },
      { main: mainPieces(retry.items), share: frameShare(boxed, retry.items) },
    );
    if (better) {
      analysis = boxed;
      plan = retry;
    }
  }
  return {
    analysis,
    items: plan.items,
    groups,
    spec,
    seed,
    rng,
    simplified: plan.simplified,
    placement: placementOf(groups, plan.items, (it) => shareInFrame(footprintBox(analysis, it), analysis)),
    obstacles,
    floors,
  };
}

/** A main piece whose base the photo hardly shows (a bed standing mostly below the frame) does not stage the room. */
export const MIN_MAIN_PIECE_IN_FRAME = 1 / 3;

/** The share of an image box inside the frame. */
export function shareInFrame(
  b: { x0: number; y0: number; x1: number; y1: number },
  frame: { width: number; height: number },
): number {
  const area = (b.x1 - b.x0) * (b.y1 - b.y0);
  if (!(area > 0)) return 0;
  const w = Math.max(0, Math.min(b.x1, frame.width) - Math.max(b.x0, 0));
  const h = Math.max(0, Math.min(b.y1, frame.height) - Math.max(b.y0, 0));
  return (w * h) / area;
}

/**
 * What the layout furnished, against what the room type needs: the main piece is the first piece
 * of the main group that is neither optional nor a rug (the sofa, the bed, the dining table, the desk),
 * and it counts when the photo shows at least a third of its base (`inFrame`: share of its base's image box inside).
 */
export function placementOf(
  groups: readonly TemplateGroup[],
  items: readonly PlacedItem[],
  inFrame: (it: PlacedItem) => number = () => 1,
): StagePlacement {
  // Rugs lie under the group and art hangs on the wall: neither is furniture standing on the floor.
  const required = groups[0]?.items.filter((it) => !it.optional && it.kind !== 'rug' && !it.elevation) ?? [];
  const main = required[0];
  const standing = items.filter((it) => it.group === 0 && !it.covering && !it.onWall);
  return {
    mainPiece: main
      ? standing.some((it) => it.kind === main.kind && inFrame(it) >= MIN_MAIN_PIECE_IN_FRAME)
      : false,
    mainPieceKind: main?.kind ?? null,
    pieces: items.map((it) => it.kind),
    core: { placed: standing.length, needed: required.length },
  };
}

/** Cheap content hash: enough to seed layouts per photo. */
function pixelHash(img: RawImage): string {
  let h = 0x811c9dc5;
  const step = Math.max(1, Math.floor(img.data.length / 65536));
  for (let i = 0; i < img.data.length; i += step) h = Math.imul(h ^ img.data[i]!, 0x01000193);
  return `${img.width}x${img.height}:${h >>> 0}`;
}

function withExtras(groups: TemplateGroup[], extraPlants: number): TemplateGroup[] {
  const plant = groups.find((g) => g.name === 'plant');
  if (!plant || !extraPlants) return groups;
  return [...groups, ...Array.from({ length: extraPlants }, () => plant)];
}
