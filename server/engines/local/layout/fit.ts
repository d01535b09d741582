// Fits a template to the measured floor: every group tries its anchors (walls, open floor,
// corners) at several positions, drops optional pieces and then shrinks slightly before giving up.
// A placement must stay inside the floor polygon, keep a walkway to other groups, stay out of
// door zones and pass the caller's image-space veto (windows, doors).
import type { Rng } from '../rng.ts';
import { rectDistance, rectsOverlap, toRoom, type Pt, type Rect } from './geometry.ts';
import { anchorPositions, rotateList } from './anchors.ts';
import { indexPolygon, rectInIndexed, type PolygonIndex } from './polygon-index.ts';
import type { Anchor, ItemKind, TemplateGroup, TemplateItem } from './templates.ts';
import { isCompanion } from './companions.ts';

export interface PlacedItem {
  kind: ItemKind;
  group: number;
  /** Centre on the floor (room coordinates). */
  a: number;
  b: number;
  /** Direction the front faces, radians: 0 faces the camera (-b), pi/2 faces +a. */
  facing: number;
  w: number;
  d: number;
  h: number;
  /** Height of the bottom above the floor (wall decor). */
  elevation: number;
  onWall: boolean;
  /** Rugs: lie under other pieces of their group. */
  covering: boolean;
  /** The room is staged without it (an optional piece or group): it must pass stricter evidence. */
  optional?: boolean;
  /** The room type's main piece (sofa, bed, dining table, desk): its whole base must be on agreed floor. */
  main?: boolean;
  /** Judge the piece as a companion of the main piece (companions.ts): the optional pieces' floor rule. */
  companion?: boolean;
  /** A companion that fails that rule where its group stands: not staged (planLayout). */
  unsure?: boolean;
}

export interface LayoutRoom {
  floor: readonly Pt[];
  /** Floor zones to keep clear (in front of doors). */
  keepOut: readonly Rect[];
  /** Image-space veto from the caller: false when the piece would hide a window or door. */
  allows?: (item: PlacedItem) => boolean;
  /** True when the piece (rugs included) would stand on something already in the photo; never relaxed. */
  occupied?: (item: PlacedItem) => boolean;
  /** True when an optional piece would stand hidden behind one of the pieces already placed; never relaxed. */
  hidden?: (item: PlacedItem, others: readonly PlacedItem[]) => boolean;
  /** True when a floor-outline point is a wall base rather than the photo's edge. */
  isWall?: (p: Pt) => boolean;
  /** Groups float at this depth in very deep rooms instead of shrinking into the distance. */
  maxDepth?: number;
}

export interface LayoutOptions {
  rng: Rng;
  variant: number;
  /** Drop optional pieces (minimalist styling). */
  minimal?: boolean;
  /** Clear space between groups, metres. */
  walkway?: number;
}

export const rectOf = (it: PlacedItem): Rect => ({ a: it.a, b: it.b, w: it.w, d: it.d, rot: it.facing });

/** Distinct placements of the main group a variant can choose from. */
const MAIN_OPTIONS = 3;

export function fitLayout(
  room: LayoutRoom,
  groups: readonly TemplateGroup[],
  opts: LayoutOptions,
): PlacedItem[] {
  const walkway = opts.walkway ?? 0.6;
  const placed: PlacedItem[] = [];
  // Every candidate of the search is tested against this one floor outline.
  const floor = indexPolygon(room.floor);
  groups.forEach((group, gi) => {
    const anchors = rotateList(group.anchors, gi === 0 ? opts.variant : opts.rng.int(group.anchors.length));
    // Variants move groups along their wall, mirror them and try other walls first.
    const shift = opts.rng.range(-0.5, 0.5);
    const mirror = (opts.variant + gi) % 2 === 1 ? -1 : 1;
    const attempts: { items: TemplateItem[]; s: number }[] = [];
    const full = group.items.filter((it) => !(opts.minimal && it.optional));
    // As placementOf (plan-staging.ts) names it: the first required piece standing on the floor.
    const main =
      gi === 0 ? group.items.find((t) => !t.optional && t.kind !== 'rug' && !t.elevation) : undefined;
    attempts.push({ items: full, s: 1 });
    const core = full.filter((it) => !it.optional);
    if (core.length < full.length) attempts.push({ items: core, s: 1 });
    attempts.push({ items: core, s: 0.85 }, { items: core, s: 0.72 });
    for (const attempt of attempts) {
      // Main groups may float on the open floor when no wall has room for them.
      const tries: Anchor[] = gi === 0 && !anchors.includes('floor') ? [...anchors, 'floor'] : anchors;
      // The main group collects a few clearly different placements and the variant picks one, so
      // regenerating moves the furniture even where only one wall has room (variant 0 keeps the
      // preferred, first one). Other groups take the first that fits.
      const options: { items: PlacedItem[]; atWall: boolean; origin: Pt; facing: number }[] = [];
      const wanted = gi === 0 && opts.variant > 0 ? MAIN_OPTIONS : 1;
      search: for (const anchor of tries) {
        for (const [origin, facing, atWall] of anchorPositions(
          room,
          floor,
          anchor,
          attempt.items,
          attempt.s,
          shift,
          gi + opts.variant,
        )) {
          if (group.needsWall && !atWall) continue;
          if (
            options.some(
              (o) =>
                Math.hypot(o.origin[0] - origin[0], o.origin[1] - origin[1]) < 0.8 && o.facing === facing,
            )
          )
            continue;
          // Pieces are placed and judged one by one: a candidate fails at its first refused piece
          // without placing the rest (the stricter rules of decision 0140 refuse many candidates).
          const items: PlacedItem[] = [];
          let fits = true;
          for (const t of attempt.items) {
            const it = place(
              t,
              mirror,
              t.optional || group.optional,
              t === main,
              gi,
              origin,
              facing,
              attempt.s,
            );
            items.push(it);
            if (!it.onWall && !ok(room, floor, it, placed, walkway)) {
              fits = false;
              break;
            }
          }
          if (!fits || selfOverlap(items.filter((it) => !it.onWall))) continue;
          options.push({ items, atWall, origin, facing });
          if (options.length >= wanted) break search;
        }
      }
      const chosen = options[opts.variant % Math.max(1, options.length)];
      if (!chosen) continue;
      // The group is placed as before, its companions judged as required pieces (room for the
      // nightstand beside a bed is part of the evidence that the bed stands on floor). A companion
      // that fails the optional pieces' rule is then marked, not removed, so the rest of the layout is
      // fitted and sized exactly as before (planLayout leaves it out of the staging): the rule never
      // moves a main piece (companions.ts).
      const unsure = (it: PlacedItem) =>
        gi === 0 &&
        !it.optional &&
        !it.main &&
        isCompanion(it, undefined) &&
        (room.occupied?.({ ...it, companion: true }) ?? false);
      // Wall decor is a bonus: kept only on a real wall where it hides no window or door.
      placed.push(
        ...chosen.items.filter((it) => !it.onWall).map((it) => (unsure(it) ? { ...it, unsure: true } : it)),
        ...chosen.items.filter((it) => it.onWall && chosen.atWall && (room.allows?.(it) ?? true)),
      );
      return;
    }
  });
  // Within a group (a side table behind its sofa's arm) or behind a later group, a hidden optional
  // piece is dropped rather than failing its group's place: the rest of the group stays as fitted.
  const hidden = room.hidden;
  return hidden ? placed.filter((it) => !hidden(it, placed)) : placed;
}

function ok(
  room: LayoutRoom,
  floor: PolygonIndex,
  it: PlacedItem,
  placed: PlacedItem[],
  walkway: number,
): boolean {
  const r = rectOf(it);
  if (!rectInIndexed(r, floor)) return false;
  if (!it.covering && room.keepOut.some((k) => rectsOverlap(r, k))) return false;
  for (const other of placed) {
    if (other.onWall) continue;
    const needsGap = !it.covering && !other.covering;
    if (needsGap ? rectDistance(r, rectOf(other)) < walkway : rectsOverlap(r, rectOf(other))) return false;
  }
  if (room.occupied?.(it)) return false;
  // Behind another group's piece: an optional group tries its next place (another corner).
  if (room.hidden?.(it, placed)) return false;
  return it.covering || (room.allows?.(it) ?? true);
}

/** Shrunk groups can push pieces into each other; rugs are meant to lie under them. */
function selfOverlap(items: PlacedItem[]): boolean {
  const solid = items.filter((it) => !it.covering);
  for (let i = 0; i < solid.length; i++)
    for (let j = i + 1; j < solid.length; j++)
      if (rectsOverlap(rectOf(solid[i]!), rectOf(solid[j]!))) return true;
  return false;
}

/**
 * A template piece placed for a candidate: mirrored about its group's axis (`mirror` -1) and scaled by
 * `s`. Takes the template piece as it is, not a spread copy: the search places one for every candidate.
 */
function place(
  t: TemplateItem,
  mirror: number,
  optional: boolean | undefined,
  main: boolean,
  group: number,
  origin: Pt,
  facing: number,
  s: number,
): PlacedItem {
  const x = t.x * mirror;
  const rot = (t.rot ?? 0) * mirror;
  const [a, b] = toRoom(origin, facing, x * s, t.kind === 'art' ? t.z : t.z * s);
  const k = t.kind === 'rug' || t.kind === 'art' ? s : Math.sqrt(s);
  return {
    kind: t.kind,
    group,
    a,
    b,
    facing: facing + rot,
    w: t.w * k,
    d: t.d * (t.kind === 'art' ? 1 : k),
    h: t.h * (t.kind === 'art' ? s : k),
    elevation: t.elevation !== undefined ? t.elevation - (t.h * s) / 2 : 0,
    onWall: t.kind === 'art',
    covering: t.kind === 'rug',
    optional: optional ?? false,
    main,
  };
}
