import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { DEFAULT_ROOM_TYPE, DEFAULT_STYLE, type RoomType, type Style } from '#shared/constants/staging.ts';
import type { ExistingTransformations, TransformResult } from '#shared/schemas/staging.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { useAuth } from '#client/hooks/use-auth.ts';
import { useUsage } from '#client/hooks/use-usage.ts';
import type { RegenerateDialogProps } from './components/regenerate-dialog.tsx';
import type { StagingOptionsCardProps } from './components/staging-options-card.tsx';
import { checkExistingTransformations, identifyRoom, useEngineInfo } from './api.ts';
import { canDeclutter } from './declutter.ts';
import { createLatestChoice } from './latest-choice.ts';
import { usePlacementCheck } from './use-placement-check.ts';
import type { PendingWork } from '#client/lib/pending-work.ts';
import { mergeRuns, runCharge } from './run-cost.ts';
import {
  identifiedToast,
  isCheckUnavailable,
  RESTORED_TOAST,
  shouldToastUnsuitable,
  type StagingPage,
} from './transform-toasts.ts';
import { useFurnishArea } from './use-furnish-area.ts';
import { useTransformRun } from './use-transform-run.ts';
const SUITABILITY_TOAST_MS = 8000;

/**
 * The staging tool's state machine: no file -> file chosen
 * (identification, and on the dashboard the previous-transformations check) -> transforming -> result.
 */
export function useStagingFlow(page: StagingPage) {
  const { isAuthenticated } = useAuth();
  const usage = useUsage(isAuthenticated);
  const [file, setFile] = useState<File | null>(null);
  const [isSuitable, setSuitable] = useState(true);
  // The photo already shows furniture: the agent is told before paying and may still go on.
  const [furnished, setFurnished] = useState(false);
  const [roomType, setRoomType] = useState<RoomType>(DEFAULT_ROOM_TYPE);
  const [style, setStyle] = useState<Style>(DEFAULT_STYLE);
  const [declutter, setDeclutter] = useState(false);
  // What the configured engine can do; without an answer nothing extra is offered.
  const engine = useEngineInfo().data;
  const [result, setResult] = useState<TransformResult | null>(null);
  const [existing, setExisting] = useState<ExistingTransformations['existingTransformations']>([]);
  /** The engine's non-blocking note on a suitable photo, e.g. "Low resolution: …". */
  const [note, setNote] = useState<string | null>(null);
  /** The photo came back after sign-in: identification must not overwrite the agent's room type. */
  const [restored, setRestored] = useState(false);
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  // The photo on screen; every answer below is checked against it (its `variables` are the file it was for).
  const [latest] = useState(createLatestChoice<File>);

  const identify = useMutation({
    mutationFn: identifyRoom,
    onSuccess: (r, f) => {
      if (!latest.isLatest(f)) return;
      if (!r.isValid) return markUnsuitable(r.message);
      setSuitable(true);
      setFurnished(r.furnished === true);
      // A furnished room is offered declutter ticked where the engine can do it; the agent may untick it.
      setDeclutter(r.furnished === true);
      // The furnished notice has its own place in the options card; other notes are shown as notes.
      setNote(r.furnished ? null : (r.message ?? null));
      if (r.roomType && !restored) setRoomType(r.roomType);
      toast(restored ? RESTORED_TOAST : identifiedToast(r.roomType));
    },
    onError: (err: Error, f) => {
      if (!latest.isLatest(f)) return;
      if (!isCheckUnavailable(err)) return markUnsuitable(err.message);
      // The photo was not judged at all: the agent may still stage it (the server checks it again).
      toast({
        title: 'Photo not checked',
        description: `${err.message} You can still choose the room type and stage it.`,
      });
    },
  });

  function markUnsuitable(message: string | undefined) {
    if (shouldToastUnsuitable(message)) {
      setSuitable(false);
      toast({
        title: 'Image not suitable for staging',
        description: message,
        variant: 'destructive',
        duration: SUITABILITY_TOAST_MS,
      });
    } else {
      // No reason given: let the agent go ahead and choose the room type by hand.
      console.warn('Room identification failed; continuing without it.', message);
    }
  }

  const checkExisting = useMutation({
    mutationFn: checkExistingTransformations,
    onSuccess: (r, f) => {
      if (latest.isLatest(f)) setExisting((list) => mergeRuns(r.existingTransformations, list));
    },
    // The check is a hint; when it fails the list is simply empty.
    onError: (_err, f) => {
      if (latest.isLatest(f)) setExisting([]);
    },
  });

  const transform = useTransformRun({
    page,
    engine,
    onDone: (r, f) => {
      // The run happened (and was charged) whatever is on screen now; only the current photo shows it.
      if (!latest.isLatest(f)) return;
      setResult(r);
      setExisting((list) =>
        mergeRuns(list, [
          { id: r.id, style: r.style, roomType: r.roomType, createdAt: new Date().toISOString() },
        ]),
      );
    },
  });

  /** Shows `f` (or no photo) with nothing known about it yet: answers for an earlier photo are ignored. */
  const showPhoto = (f: File | null) => {
    latest.choose(f);
    setFile(f);
    setResult(null);
    setExisting([]);
    setSuitable(true);
    setFurnished(false);
    setDeclutter(false);
    area.reset();
    setNote(null);
  };

  const selectFile = (f: File, isRestore = false) => {
    showPhoto(f);
    setRestored(isRestore);
    identify.mutate(f);
    if (page === 'dashboard' || isAuthenticated) checkExisting.mutate(f);
  };

  // What the next run of this photo costs; unknown while the earlier runs of the photo are being looked up.
  const charge = checkExisting.isPending
    ? ({ kind: 'unknown' } as const)
    : runCharge(existing.length, usage.data);
  const blocked = charge.kind === 'blocked';
  const ready = isSuitable && identify.isSuccess;
  const placement = usePlacementCheck({ file, style, roomType, ready, furnished, declutter, engine, charge });
  // Masked engines: the automatic area shown, and the agent's adjustment of it (decisions 0181, 0213).
  const area = useFurnishArea({ file, engine, ready, declutter });

  const run = (s: Style = style) => {
    if (!file || transform.isPending || !isSuitable || blocked) return;
    if (placement.needsAcceptance && !placement.accepted) return;
    transform.mutate({ file, style: s, roomType, declutter, area: area.grid, accept: placement.field });
  };

  return {
    file,
    isSuitable,
    roomType,
    setRoomType,
    style,
    setStyle,
    result,
    /** A saved arrangement (decision 0157) is the result's new image: the comparison shows it. */
    arranged: (transformedImage: string) => setResult((r) => (r ? { ...r, transformedImage } : r)),
    existing,
    note,
    charge,
    /** Out of allowance and credits and the next run is not a free regeneration. */
    blocked,
    usage: usage.data,
    isTransforming: transform.isPending,
    /** What NextStepFocus needs to pick the next control once the photo is checked. */
    check: {
      checking: identify.isPending,
      roomTypeKnown: restored || identify.data?.roomType != null,
    },
    selectFile,
    /** Puts back a visitor's photo and choices after sign-in; the agent clicks Transform themselves. */
    restore: (w: PendingWork) => {
      selectFile(w.file, true);
      setStyle(w.style);
      setRoomType(w.roomType);
    },
    /** Everything the options card (room type, style, Transform Room) takes from the flow. */
    optionsProps: {
      roomType,
      onRoomTypeChange: setRoomType,
      style,
      onStyleChange: setStyle,
      isSuitable,
      furnished,
      placement,
      isPending: transform.isPending || identify.isPending,
      onTransform: () => run(),
      declutter: canDeclutter(engine) ? { checked: declutter, onCheckedChange: setDeclutter } : undefined,
      furnishArea: area.props,
    } satisfies StagingOptionsCardProps,
    /** Opens the style choice for a re-run; the dialog states the cost before anything runs. */
    tryDifferentStyle: () => setRegenerateOpen(true),
    regenerateDialogProps: {
      open: regenerateOpen,
      onOpenChange: setRegenerateOpen,
      currentStyle: result?.style ?? style,
      charge,
      onConfirm: (s: Style) => {
        setRegenerateOpen(false);
        setStyle(s);
        run(s);
      },
    } satisfies RegenerateDialogProps,
    reset: () => showPhoto(null),
  };
}
