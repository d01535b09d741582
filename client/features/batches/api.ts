// The batch tool's server calls, each answer parsed with its shared schema.
import { useQuery } from '@tanstack/react-query';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import { batchSchema, type Batch } from '#shared/schemas/batches.ts';
import {
  engineInfoSchema,
  existingTransformationsSchema,
  identifyResponseSchema,
  type IdentifyResponse,
} from '#shared/schemas/staging.ts';
import { apiParsed, getParsed } from '#client/lib/api.ts';

/**
 * Does the engine take a furniture area (GET /api/engine, the staging tool's key, so one request)?
 * A batch sends none: each photo uses its automatic area, and the options card says so (decision 0214).
 */
export const useEngineMasked = () =>
  useQuery({ queryKey: ['/api/engine'], queryFn: getParsed(engineInfoSchema, '/api/engine') }).data
    ?.masked === true;

export const batchKey = (id: string) => ['/api/batches', id] as const;
/** How often a running batch is asked for its progress (decision 0040: polled, not pushed). */
export const BATCH_POLL_MS = 1500;

const imageForm = (file: File) => {
  const f = new FormData();
  f.append('image', file);
  return f;
};

/** The photo check: interior or not, room type, furnished. */
export async function identifyPhoto(file: File): Promise<IdentifyResponse> {
  return apiParsed(identifyResponseSchema, 'POST', '/api/identify-room', imageForm(file));
}

/** How many times the user has staged this photo before (0 for a new one): it decides the price. */
export async function countEarlierRuns(file: File): Promise<number> {
  const r = await apiParsed(
    existingTransformationsSchema,
    'POST',
    '/api/check-existing-transformations',
    imageForm(file),
  );
  return r.existingTransformations.length;
}

export interface NewBatch {
  files: File[];
  style: Style;
  /** One room type for every photo, or one per photo in upload order (null: not chosen, refused). */
  roomTypes: RoomType | (RoomType | null)[];
  /** Every photo with the same furniture designs (decision 0256). */
  sameFurniture: boolean;
}

export async function createBatch(b: NewBatch): Promise<Batch> {
  const form = new FormData();
  for (const f of b.files) form.append('images', f);
  form.append('style', b.style);
  if (Array.isArray(b.roomTypes)) form.append('roomTypes', JSON.stringify(b.roomTypes));
  else form.append('roomType', b.roomTypes);
  form.append('names', JSON.stringify(b.files.map((f) => f.name)));
  form.append('sameFurniture', String(b.sameFurniture));
  return apiParsed(batchSchema, 'POST', '/api/batches', form);
}

export const fetchBatch = (id: string): Promise<Batch> =>
  apiParsed(batchSchema, 'GET', `/api/batches/${encodeURIComponent(id)}`);

export const isSettled = (b: Batch) => b.completed + b.failed >= b.total;

/** The batch, asked again every BATCH_POLL_MS until every photo has settled. */
export function useBatch(id: string | null) {
  return useQuery({
    queryKey: batchKey(id ?? ''),
    queryFn: () => fetchBatch(id!),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && isSettled(q.state.data) ? false : BATCH_POLL_MS),
  });
}

/** The finished results as one ZIP (streamed by the server). */
export const batchDownloadUrl = (id: string) => `/api/batches/${encodeURIComponent(id)}/download`;
