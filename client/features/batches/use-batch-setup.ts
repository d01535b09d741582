import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { PhotoRefusal } from '#shared/constants/photo-check.ts';
import { MAX_BATCH_PHOTOS, type Batch } from '#shared/schemas/batches.ts';
import {
  ACCEPTED_IMAGE_TYPES,
  DEFAULT_STYLE,
  MAX_UPLOAD_BYTES,
  type RoomType,
  type Style,
} from '#shared/constants/staging.ts';
import { ApiError } from '#client/lib/api.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { useUsage } from '#client/hooks/use-usage.ts';
import { QUERY_KEYS } from '#client/lib/query-keys.ts';
import { batchKey, countEarlierRuns, createBatch, identifyPhoto } from './api.ts';
import { batchCost } from './batch-cost.ts';
import { createLimiter } from './limit.ts';

export type PhotoCheck =
  | { kind: 'checking' }
  | {
      kind: 'checked';
      isValid: boolean;
      roomType: RoomType | null;
      furnished: boolean | null;
      message: string | null;
      /** Why it was refused, when the server says; only some kinds may be staged anyway. */
      refusal?: PhotoRefusal;
    }
  /** The check could not run (busy, offline): the photo may still be staged. */
  | { kind: 'unchecked'; message: string };

export interface BatchPhoto {
  key: string;
  file: File;
  preview: string;
  check: PhotoCheck;
  /** Earlier transformations of this photo; null until known. */
  earlierRuns: number | null;
  /** Detected or chosen; null until then: such a photo cannot start unless the listing has one type. */
  roomType: RoomType | null;
  /** Part of the batch; photos judged not to be rooms start left out. */
  included: boolean;
}

/** 'per-photo': each photo keeps its own (detected or chosen) room type. */
export type RoomChoice = RoomType | 'per-photo';

const TYPE_ERROR = 'is not a JPEG or PNG image';
const SIZE_ERROR = `is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)}MB`;
// Two photos at a time, each with its check and its price lookup: four uploads, the server's limit per account.
const CHECKS_AT_ONCE = 2;
const BUSY_RETRY_MS = 2000;

async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    // Another tab checking photos at the same moment: wait briefly and try once more.
    if (!(err instanceof ApiError && err.status === 429)) throw err;
    await new Promise((r) => setTimeout(r, BUSY_RETRY_MS));
    return run();
  }
}

/** Choosing a listing's photos, their checks, the style and room types, the price, and the start. */
export function useBatchSetup(onStarted: (batch: Batch) => void) {
  const [photos, setPhotos] = useState<BatchPhoto[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const [style, setStyle] = useState<Style>(DEFAULT_STYLE);
  const [roomChoice, setRoomChoice] = useState<RoomChoice>('per-photo');
  // Decision 0256: a listing shows one sofa, bed and chairs unless the agent unticks it.
  const [sameFurniture, setSameFurniture] = useState(true);
  const usage = useUsage();
  const [limit] = useState(() => createLimiter(CHECKS_AT_ONCE));
  const alive = useRef(new Set<string>());

  // Object URLs of the previews are released when the photos go (and when the page is left).
  const previews = useRef(new Map<string, string>());
  useEffect(() => {
    const map = previews.current;
    return () => map.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const update = (key: string, patch: (p: BatchPhoto) => Partial<BatchPhoto>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...patch(p) } : p)));

  function check(p: BatchPhoto) {
    void limit(async () => {
      if (!alive.current.has(p.key)) return;
      const [identified, earlier] = await Promise.allSettled([
        withRetry(() => identifyPhoto(p.file)),
        withRetry(() => countEarlierRuns(p.file)),
      ]);
      update(p.key, (cur) => {
        const patch: Partial<BatchPhoto> = {
          earlierRuns: earlier.status === 'fulfilled' ? earlier.value : null,
        };
        if (identified.status === 'fulfilled') {
          const r = identified.value;
          patch.check = {
            kind: 'checked',
            isValid: r.isValid,
            roomType: r.roomType,
            furnished: r.furnished,
            message: r.message ?? null,
            ...(r.refusal ? { refusal: r.refusal } : {}),
          };
          if (r.roomType) patch.roomType = r.roomType;
          if (!r.isValid) patch.included = false;
        } else {
          const err = identified.reason as Error;
          const judged = err instanceof ApiError && err.status < 500 && err.status !== 429;
          patch.check = judged
            ? { kind: 'checked', isValid: false, roomType: null, furnished: null, message: err.message }
            : { kind: 'unchecked', message: 'Not checked' };
          if (judged) patch.included = false;
        }
        return { ...cur, ...patch };
      });
    });
  }

  const addFiles = (files: FileList | File[]) => {
    const problems: string[] = [];
    const added: BatchPhoto[] = [];
    let room = MAX_BATCH_PHOTOS - photos.length;
    for (const file of Array.from(files)) {
      if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
        problems.push(`${file.name} ${TYPE_ERROR}.`);
      else if (file.size > MAX_UPLOAD_BYTES) problems.push(`${file.name} ${SIZE_ERROR}.`);
      else if (room <= 0)
        problems.push(`${file.name} was not added: a batch holds at most ${MAX_BATCH_PHOTOS} photos.`);
      else {
        room--;
        const key = crypto.randomUUID();
        const preview = URL.createObjectURL(file);
        previews.current.set(key, preview);
        alive.current.add(key);
        added.push({
          key,
          file,
          preview,
          check: { kind: 'checking' },
          earlierRuns: null,
          // Never a silent default: an undetected room waits for the agent's choice (decision 0111).
          roomType: null,
          included: true,
        });
      }
    }
    setRejected(problems);
    setPhotos((list) => [...list, ...added]);
    added.forEach(check);
  };

  const remove = (key: string) => {
    alive.current.delete(key);
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
    setPhotos((list) => list.filter((p) => p.key !== key));
  };

  const clear = () => photos.forEach((p) => remove(p.key));

  const included = photos.filter((p) => p.included);
  const cost = usage.data
    ? batchCost(
        included.map((p) => p.earlierRuns),
        usage.data,
      )
    : null;
  const checking = photos.some((p) => p.check.kind === 'checking');
  // Photos that take their own room type but have none yet (not detected, not chosen).
  const missingRoomType = roomChoice === 'per-photo' ? included.filter((p) => p.roomType === null).length : 0;

  const start = useMutation({
    mutationFn: () =>
      createBatch({
        files: included.map((p) => p.file),
        style,
        roomTypes: roomChoice === 'per-photo' ? included.map((p) => p.roomType) : roomChoice,
        sameFurniture,
      }),
    onSuccess: (batch) => {
      queryClient.setQueryData(batchKey(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.usage });
      clear();
      onStarted(batch);
    },
    onError: (err: Error) => {
      toast({ title: 'Batch not started', description: err.message, variant: 'destructive', duration: 8000 });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.usage });
    },
  });

  return {
    photos,
    rejected,
    addFiles,
    remove,
    clear,
    setIncluded: (key: string, v: boolean) => update(key, () => ({ included: v })),
    setPhotoRoomType: (key: string, roomType: RoomType) => update(key, () => ({ roomType })),
    style,
    setStyle,
    roomChoice,
    setRoomChoice,
    sameFurniture,
    setSameFurniture,
    included,
    cost,
    checking,
    missingRoomType,
    canStart:
      included.length > 0 &&
      !checking &&
      missingRoomType === 0 &&
      cost !== null &&
      cost.short === 0 &&
      !start.isPending,
    start: () => start.mutate(),
    isStarting: start.isPending,
  };
}
