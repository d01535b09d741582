// The dashboard's own calls, each answer parsed with its shared schema. Billing calls live in the
// billing feature; the usage query, read by several features, is client/hooks/use-usage.ts.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  messageResponseSchema,
  updateProfileResponseSchema,
  type DeactivateForm,
  type ProfileForm,
} from '#shared/schemas/auth.ts';
import { historyPageSchema } from '#shared/schemas/history.ts';
import {
  transformationSchema,
  type Transformation,
  type UpdateTransformation,
} from '#shared/schemas/staging.ts';
import { ApiError, apiParsed, getParsed } from '#client/lib/api.ts';
import { invalidateAll, QUERY_KEYS } from '#client/lib/query-keys.ts';

const { transformations: TRANSFORMATIONS_KEY, favorites: FAVORITES_KEY } = QUERY_KEYS;
const transformationListSchema = z.array(transformationSchema);

export const useTransformations = (enabled = true) =>
  useQuery({
    queryKey: TRANSFORMATIONS_KEY,
    queryFn: getParsed(transformationListSchema, TRANSFORMATIONS_KEY[0]),
    enabled,
  });
export const useFavorites = (enabled = true) =>
  useQuery({
    queryKey: FAVORITES_KEY,
    queryFn: getParsed(transformationListSchema, FAVORITES_KEY[0]),
    enabled,
  });

/** One page of the History tab's server-side search; `params` is the query string (see history-sort.ts). */
export const fetchHistoryPage = (params: string) =>
  apiParsed(historyPageSchema, 'GET', `/api/transformations/search?${params}`);

const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

/**
 * An unauthorized answer to any call made while the dashboard is open sends the
 * browser to /login (the session expired or was ended elsewhere). A full load, so no stale cache survives.
 */
export function useRedirectOnUnauthorized() {
  const qc = useQueryClient();
  useEffect(() => {
    const go = (err: unknown) => {
      if (isUnauthorized(err)) window.location.assign('/login');
    };
    const offQueries = qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') go(e.action.error);
    });
    const offMutations = qc.getMutationCache().subscribe((e) => {
      if (e?.type === 'updated' && e.action.type === 'error') go(e.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [qc]);
}

const LIST_KEYS = [TRANSFORMATIONS_KEY, FAVORITES_KEY];

/**
 * Shows a changed (or, with null, deleted) transformation in both lists at once, then refetches them
 * (the History search too, whose keys start with the list's) to confirm it.
 */
function useShowInLists() {
  const qc = useQueryClient();
  return (id: string, next: Transformation | null) => {
    for (const key of LIST_KEYS) {
      qc.setQueryData<Transformation[]>(key, (list) =>
        list?.flatMap((t) => (t.id === id ? (next ? [next] : []) : [t])),
      );
    }
    void invalidateAll(qc, LIST_KEYS);
  };
}

export function useSetFavorite() {
  const show = useShowInLists();
  return useMutation({
    mutationFn: (v: { id: string; isFavorite: boolean }) =>
      apiParsed(transformationSchema, 'POST', `/api/transformations/${v.id}/favorite`, {
        isFavorite: v.isFavorite,
      }),
    onSuccess: (t) => show(t.id, t),
  });
}

export function useUpdateTransformation() {
  const show = useShowInLists();
  return useMutation({
    mutationFn: (v: { id: string } & UpdateTransformation) =>
      apiParsed(transformationSchema, 'PATCH', `/api/transformations/${v.id}`, {
        userTitle: v.userTitle,
        userNotes: v.userNotes,
      }),
    onSuccess: (t) => show(t.id, t),
  });
}

export function useDeleteTransformation() {
  const show = useShowInLists();
  return useMutation({
    mutationFn: (id: string) => apiParsed(messageResponseSchema, 'DELETE', `/api/transformations/${id}`),
    onSuccess: (_r, id) => show(id, null),
  });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: ProfileForm) => apiParsed(updateProfileResponseSchema, 'PATCH', '/api/auth/user', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: QUERY_KEYS.authUser }),
  });
}

export const useDeactivate = () =>
  useMutation({
    mutationFn: (v: DeactivateForm) => apiParsed(messageResponseSchema, 'POST', '/api/auth/deactivate', v),
  });
