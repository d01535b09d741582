import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  DEFAULT_ROOM_TYPE,
  DEFAULT_STYLE,
  STYLES,
  type RoomType,
  type Style,
} from '#shared/constants/staging.ts';
import type { EngineInfo, ExistingTransformations, IdentifyResponse, TransformResult } from '#shared/schemas/staging.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { apiJson } from '#client/lib/api.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { AUTH_USER_KEY } from '#client/features/auth/use-auth.ts';
import type { StagingOptionsCardProps } from './components/staging-options-card.tsx';
import { canDeclutter, declutterField, ENGINE_INFO_KEY } from './declutter.ts';
import { createLatestChoice } from './latest-choice.ts';
import {
  identifiedToast,
  shouldToastUnsuitable,
  transformErrorToast,
  transformSuccessToast,
  type StagingPage,
} from './transform-toasts.ts';

const REDIRECT_DELAY_MS = 1500;
const SUITABILITY_TOAST_MS = 8000;

const form = (entries: Record<string, string | File>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};

/**
 * The staging tool's state machine (spec 01 section 4, spec 02 section 4): no file -> file chosen
 * (identification, and on the dashboard the previous-transformations check) -> transforming -> result.
 */
export function useStagingFlow(page: StagingPage) {
  const [, navigate] = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const [isSuitable, setSuitable] = useState(true);
  // The photo already shows furniture: the agent is told before paying and may still go on.
  const [furnished, setFurnished] = useState(false);
  const [roomType, setRoomType] = useState<RoomType>(DEFAULT_ROOM_TYPE);
  const [style, setStyle] = useState<Style>(DEFAULT_STYLE);
  const [declutter, setDeclutter] = useState(false);
  // What the configured engine can do; without an answer nothing extra is offered.
  const engine = useQuery({ queryKey: ENGINE_INFO_KEY, queryFn: () => apiJson<EngineInfo>('GET', ENGINE_INFO_KEY[0]) }).data;
  const [result, setResult] = useState<TransformResult | null>(null);
  const [existing, setExisting] = useState<ExistingTransformations['existingTransformations']>([]);
  // The photo on screen; every answer below is checked against it (its `variables` are the file it was for).
  const [latest] = useState(createLatestChoice<File>);

  const identify = useMutation({
    mutationFn: (f: File) => apiJson<IdentifyResponse>('POST', '/api/identify-room', form({ image: f })),
    onSuccess: (r, f) => {
      if (!latest.isLatest(f)) return;
      if (!r.isValid) return markUnsuitable(r.message);
      setSuitable(true);
      setFurnished(r.furnished === true);
      // A furnished room is offered declutter ticked where the engine can do it; the agent may untick it.
      setDeclutter(r.furnished === true);
      if (r.roomType) setRoomType(r.roomType);
      toast(identifiedToast(r.roomType));
    },
    onError: (err: Error, f) => {
      if (latest.isLatest(f)) markUnsuitable(err.message);
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
    mutationFn: (f: File) =>
      apiJson<ExistingTransformations>('POST', '/api/check-existing-transformations', form({ image: f })),
    onSuccess: (r, f) => {
      if (latest.isLatest(f)) setExisting(r.existingTransformations);
    },
    // The check is a hint; when it fails the list is simply empty.
    onError: (_err, f) => {
      if (latest.isLatest(f)) setExisting([]);
    },
  });

  const transform = useMutation({
    mutationFn: (v: { file: File; style: Style; roomType: RoomType; declutter: boolean }) =>
      apiJson<TransformResult>(
        'POST',
        '/api/transform-room',
        form({ image: v.file, style: v.style, roomType: v.roomType, ...declutterField(engine, v.declutter) }),
      ),
    onSuccess: (r, v) => {
      // The run happened (and was charged) whatever is on screen now; only the current photo shows it.
      toast(transformSuccessToast(r.style, r.processingTime, page === 'dashboard' && r.isRegeneration));
      if (latest.isLatest(v.file)) {
        setResult(r);
        setExisting((list) => [
          ...list,
          { id: r.id, style: r.style, roomType: r.roomType, createdAt: new Date().toISOString() },
        ]);
      }
      for (const key of [
        ['/api/usage'],
        ['/api/transformations'],
        ['/api/transformations/favorites'],
        AUTH_USER_KEY,
      ]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    onError: (err: Error) => {
      const t = transformErrorToast(err.message, page);
      toast({
        title: t.title,
        description: t.description,
        variant: 'destructive',
        ...(page === 'dashboard' ? { duration: 8000 } : {}),
      });
      if (t.redirectToLogin) setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    },
  });

  const selectFile = (f: File) => {
    latest.choose(f);
    setFile(f);
    setResult(null);
    setExisting([]);
    setSuitable(true);
    setFurnished(false);
    setDeclutter(false);
    identify.mutate(f);
    if (page === 'dashboard') checkExisting.mutate(f);
  };

  const run = (s: Style = style) => {
    if (!file || transform.isPending || !isSuitable) return;
    transform.mutate({ file, style: s, roomType, declutter });
  };

  return {
    file,
    isSuitable,
    roomType,
    setRoomType,
    style,
    setStyle,
    result,
    existing,
    isTransforming: transform.isPending,
    selectFile,
    /** Everything the options card (room type, style, Transform Room) takes from the flow. */
    optionsProps: {
      roomType,
      onRoomTypeChange: setRoomType,
      style,
      onStyleChange: setStyle,
      isSuitable,
      furnished,
      isPending: transform.isPending || identify.isPending,
      onTransform: () => run(),
      declutter: canDeclutter(engine) ? { checked: declutter, onCheckedChange: setDeclutter } : undefined,
    } satisfies StagingOptionsCardProps,
    /** Re-runs with the next style after the one just shown, so the agent sees a different look. */
    tryDifferentStyle: () => {
      const current = result?.style ?? style;
      const next = STYLES[(STYLES.indexOf(current) + 1) % STYLES.length]!;
      setStyle(next);
      run(next);
    },
    reset: () => {
      latest.choose(null);
      setFile(null);
      setResult(null);
      setExisting([]);
      setSuitable(true);
      setFurnished(false);
      setDeclutter(false);
    },
  };
}
