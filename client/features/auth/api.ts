// Account calls made from the pages (sign-in and registration still post from their own pages). Each
// answer is checked against its shared schema, so a changed server shape fails here, loudly.
import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  verifyEmailResponseSchema,
  type ChangePasswordInput,
  type VerifyEmailResponse,
} from '#shared/schemas/auth.ts';
import { apiJson } from '#client/lib/api.ts';

/** The server answers { success, message } for both outcomes (400 for a bad link); only a transport failure throws. */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  const res = await fetch(`/api/verify-email?token=${encodeURIComponent(token)}`, { credentials: 'include' });
  const parsed = verifyEmailResponseSchema.safeParse(await res.json().catch(() => null));
  if (parsed.success) return parsed.data;
  throw new Error(`${res.status}: ${res.statusText}`);
}

/** POST /api/auth/change-password; the answer also carries a fresh session cookie for this browser. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: async (input: ChangePasswordInput) =>
      messageResponseSchema.parse(await apiJson<unknown>('POST', '/api/auth/change-password', input)),
  });
