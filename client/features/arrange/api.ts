// The "Arrange furniture" calls (decision 0157), each answer parsed with its shared schema.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { layoutResponseSchema, saveLayoutResponseSchema, type Piece } from '#shared/schemas/layout.ts';
import { apiParsed, apiRequest, getParsed } from '#client/lib/api.ts';
import { AFTER_ARRANGE, invalidateAll } from '#client/lib/query-keys.ts';

const layoutUrl = (id: string) => `/api/transformations/${id}/layout`;

/** The room, the latest pieces, the versions and the catalogue of a transformation. */
export const useLayout = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [layoutUrl(id)],
    queryFn: getParsed(layoutResponseSchema, layoutUrl(id)),
    enabled,
    retry: false,
  });

/** Renders the arrangement (at most 1600 px); the answer is a JPEG, returned as an object URL. */
export async function previewLayout(id: string, pieces: Piece[]): Promise<string> {
  const res = await apiRequest('POST', `${layoutUrl(id)}/preview`, { pieces });
  return URL.createObjectURL(await res.blob());
}

/** Saves the arrangement as the transformation's next version (full resolution, free). */
export const saveLayout = (id: string, pieces: Piece[]) =>
  apiParsed(saveLayoutResponseSchema, 'POST', layoutUrl(id), { pieces });

/** After a save: the layout (its new version) and the lists showing the transformation. */
export const invalidateAfterSave = (qc: QueryClient, id: string) =>
  invalidateAll(qc, [...AFTER_ARRANGE, [layoutUrl(id)]]);
