// The public original page of a staged photo or a listing (issue 32): read, turn on, change, revoke.
// Shared by the staging result card and the batch view, so it lives outside both features.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  publicLinkSchema,
  publicLinkStateSchema,
  type EnablePublicLink,
} from '#shared/schemas/public-links.ts';
import { apiParsed, getParsed } from '#client/lib/api.ts';

export type PublicLinkTarget = { kind: 'photo'; id: string } | { kind: 'listing'; id: string };

const base = (t: PublicLinkTarget) =>
  `/api/${t.kind === 'photo' ? 'transformations' : 'batches'}/${encodeURIComponent(t.id)}/public-link`;

export const publicLinkKey = (t: PublicLinkTarget) => [base(t)] as const;

export const usePublicLink = (t: PublicLinkTarget, enabled = true) =>
  useQuery({ queryKey: publicLinkKey(t), queryFn: getParsed(publicLinkStateSchema, base(t)), enabled });

export function usePublicLinkActions(t: PublicLinkTarget) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: publicLinkKey(t) });
  const link = (path: string) => `/api/public-links/${encodeURIComponent(path)}`;
  return {
    enable: useMutation({
      mutationFn: (body: EnablePublicLink) => apiParsed(publicLinkSchema, 'POST', base(t), body),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => apiParsed(publicLinkSchema, 'POST', `${link(id)}/revoke`, {}),
      onSuccess: refresh,
    }),
    extend: useMutation({
      mutationFn: (id: string) => apiParsed(publicLinkSchema, 'POST', `${link(id)}/extend`, {}),
      onSuccess: refresh,
    }),
    setIndexable: useMutation({
      mutationFn: (v: { id: string; indexable: boolean }) =>
        apiParsed(publicLinkSchema, 'PATCH', link(v.id), { indexable: v.indexable }),
      onSuccess: refresh,
    }),
  };
}
