import { useMutation } from '@tanstack/react-query';
import {
  adminTransformationSchema,
  adminUserSchema,
  type CreditsInput,
  type RoleInput,
  type StatusInput,
  type TransformationStatusInput,
} from '#shared/schemas/admin.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { apiParsed } from '#client/lib/api.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { invalidateAll } from '#client/lib/query-keys.ts';
import { ADMIN_KEYS } from './queries.ts';

// The success toasts are the product copy, word for word; failures are a destructive 'Error'.
export const ADMIN_TOASTS = {
  role: 'User role updated successfully',
  status: 'User status updated successfully',
  credits: 'Credits granted successfully',
  transformation: 'Transformation status updated successfully',
} as const;

const showError = (err: Error) => toast({ title: 'Error', description: err.message, variant: 'destructive' });

/** Every change moves the stats and adds an audit row, so those refresh along with the list it touched. */
const refresh = (list: readonly [string]) =>
  invalidateAll(queryClient, [list, ADMIN_KEYS.stats, ADMIN_KEYS.auditLogs]);

function useAdminUserMutation<I>(path: string, message: string) {
  return useMutation({
    mutationFn: ({ userId, ...body }: I & { userId: string }) =>
      apiParsed(adminUserSchema, 'POST', `/api/admin/users/${userId}/${path}`, body),
    onSuccess: async () => {
      toast({ title: 'Success', description: message });
      await refresh(ADMIN_KEYS.users);
    },
    onError: showError,
  });
}

export const useChangeRole = () => useAdminUserMutation<RoleInput>('role', ADMIN_TOASTS.role);
export const useChangeStatus = () => useAdminUserMutation<StatusInput>('status', ADMIN_TOASTS.status);
export const useGrantCredits = () => useAdminUserMutation<CreditsInput>('credits', ADMIN_TOASTS.credits);

export const useChangeTransformationStatus = () =>
  useMutation({
    mutationFn: ({ transformationId, ...body }: TransformationStatusInput & { transformationId: string }) =>
      apiParsed(
        adminTransformationSchema,
        'POST',
        `/api/admin/transformations/${transformationId}/status`,
        body,
      ),
    onSuccess: async () => {
      toast({ title: 'Success', description: ADMIN_TOASTS.transformation });
      await refresh(ADMIN_KEYS.transformations);
    },
    onError: showError,
  });
