// The dashboard's own calls. Billing calls live in #client/features/billing/api.ts.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/user.ts';
import type { DeactivateForm, ProfileForm } from '#shared/schemas/auth.ts';
import type { Transformation, UpdateTransformation, Usage } from '#shared/schemas/staging.ts';
import { ApiError, apiJson } from '#client/lib/api.ts';
import { AUTH_USER_KEY } from '#client/features/auth/use-auth.ts';
import { USAGE_KEY } from '#client/features/billing/api.ts';

export const TRANSFORMATIONS_KEY = ['/api/transformations'] as const;
export const FAVORITES_KEY = ['/api/transformations/favorites'] as const;

export const useUsage = (enabled = true) => useQuery<Usage>({ queryKey: USAGE_KEY, enabled });
export const useTransformations = (enabled = true) =>
  useQuery<Transformation[]>({ queryKey: TRANSFORMATIONS_KEY, enabled });
export const useFavorites = (enabled = true) => useQuery<Transformation[]>({ queryKey: FAVORITES_KEY, enabled });

const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

/**
 * Spec 02 "Redirects": an unauthorized answer to any call made while the dashboard is open sends the
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

function useInvalidate() {
  const qc = useQueryClient();
  return (...keys: QueryKey[]) => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/** Edits the list in place so a toggle shows at once; the refetch that follows confirms it. */
function usePatchLists() {
  const qc = useQueryClient();
  return (id: string, patch: (t: Transformation) => Transformation | null) => {
    for (const key of [TRANSFORMATIONS_KEY, FAVORITES_KEY]) {
      qc.setQueryData<Transformation[]>(key, (list) =>
        list?.flatMap((t) => (t.id === id ? (patch(t) ?? []) : [t])),
      );
    }
  };
}

export function useSetFavorite() {
  const invalidate = useInvalidate();
  const patch = usePatchLists();
  return useMutation({
    mutationFn: (v: { id: string; isFavorite: boolean }) =>
      apiJson<Transformation>('POST', `/api/transformations/${v.id}/favorite`, { isFavorite: v.isFavorite }),
    onSuccess: (t) => {
      patch(t.id, () => t);
      void invalidate(TRANSFORMATIONS_KEY, FAVORITES_KEY);
    },
  });
}

export function useUpdateTransformation() {
  const invalidate = useInvalidate();
  const patch = usePatchLists();
  return useMutation({
    mutationFn: (v: { id: string } & UpdateTransformation) =>
      apiJson<Transformation>('PATCH', `/api/transformations/${v.id}`, { userTitle: v.userTitle, userNotes: v.userNotes }),
    onSuccess: (t) => {
      patch(t.id, () => t);
      void invalidate(TRANSFORMATIONS_KEY, FAVORITES_KEY);
    },
  });
}

export function useDeleteTransformation() {
  const invalidate = useInvalidate();
  const patch = usePatchLists();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ success: boolean }>('DELETE', `/api/transformations/${id}`),
    onSuccess: (_r, id) => {
      patch(id, () => null);
      void invalidate(TRANSFORMATIONS_KEY, FAVORITES_KEY);
    },
  });
}

export function useUpdateProfile() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: ProfileForm) => apiJson<{ user: CurrentUser }>('PATCH', '/api/auth/user', v),
    onSuccess: () => invalidate(AUTH_USER_KEY),
  });
}

export const useDeactivate = () =>
  useMutation({ mutationFn: (v: DeactivateForm) => apiJson<{ message: string }>('POST', '/api/auth/deactivate', v) });
