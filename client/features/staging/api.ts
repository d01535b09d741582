// The staging tool's calls, each answer parsed with its shared schema. Photos go up as multipart forms.
import { useQuery } from '@tanstack/react-query';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import {
  automaticAreaSchema,
  engineInfoSchema,
  existingTransformationsSchema,
  identifyResponseSchema,
  placementCheckSchema,
  transformResultSchema,
} from '#shared/schemas/staging.ts';
import { currentJobSchema, type JobStatus } from '#shared/schemas/jobs.ts';
import { ApiError, apiParsed, getParsed } from '#client/lib/api.ts';

const ENGINE_INFO_KEY = ['/api/engine'] as const;

/** What the configured engine can do (GET /api/engine); without an answer nothing extra is offered. */
export const useEngineInfo = () =>
  useQuery({ queryKey: ENGINE_INFO_KEY, queryFn: getParsed(engineInfoSchema, ENGINE_INFO_KEY[0]) });

const form = (entries: Record<string, string | File>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};

/** Is this photo a room we can stage, and which room is it? */
export const identifyRoom = (image: File) =>
  apiParsed(identifyResponseSchema, 'POST', '/api/identify-room', form({ image }));

/** Would the room type's main piece find open floor in this photo? (decision 0110; before payment) */
export const checkPlacement = (image: File, style: Style, roomType: RoomType) =>
  apiParsed(placementCheckSchema, 'POST', '/api/placement-check', form({ image, style, roomType }));

/** Masked engines: the area the engine furnishes unless the agent paints one (decision 0213). */
export const fetchAutomaticArea = (image: File, declutter: boolean) =>
  apiParsed(
    automaticAreaSchema,
    'POST',
    '/api/furnish-area',
    form({ image, ...(declutter ? { declutter: 'true' } : {}) }),
  );

/** The signed-in user's earlier transformations of the same photo (the regeneration count). */
export const checkExistingTransformations = (image: File) =>
  apiParsed(existingTransformationsSchema, 'POST', '/api/check-existing-transformations', form({ image }));

export interface TransformRequest {
  image: File;
  style: Style;
  roomType: RoomType;
  /** Only sent when the engine offers it and the agent chose it (see declutter.ts). */
  declutter?: 'true';
  /** Only sent when the agent was told the main piece does not fit and went on (decision 0110). */
  acceptFewerPieces?: 'true';
  /** Masked engines: the painted furniture area as JSON polygons (furnish-area.ts); absent = automatic. */
  furnishArea?: string;
}

/** Stages the photo; answers when the run is finished (and charged). */
export const transformRoom = (r: TransformRequest) =>
  apiParsed(transformResultSchema, 'POST', '/api/transform-room', form({ ...r }));

// While POST /api/transform-room waits, the request has no job id to ask about, so the tool asks for the
// user's current job (GET /api/jobs/current).
export const CURRENT_JOB_KEY = ['/api/jobs/current'] as const;
const CURRENT_JOB_POLL_MS = 1500;

/** The waiting job's state, position and estimate; null when there is none (or nobody is signed in). */
export function useCurrentJob(enabled: boolean) {
  return useQuery({
    queryKey: CURRENT_JOB_KEY,
    queryFn: async (): Promise<JobStatus | null> => {
      try {
        return (await apiParsed(currentJobSchema, 'GET', CURRENT_JOB_KEY[0])).job;
      } catch (err) {
        // Signed out: the transform itself answers with the sign-in prompt; nothing to show here.
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: enabled ? CURRENT_JOB_POLL_MS : false,
  });
}
