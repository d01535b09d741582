// The sign-in pages' calls, each answer parsed with its shared schema. The current user is read by every
// feature, so its query lives in client/hooks/use-auth.ts.
import { useMutation } from '@tanstack/react-query';
import {
  loginResponseSchema,
  messageResponseSchema,
  verifyEmailResponseSchema,
  verifyResetTokenResponseSchema,
  type ChangePasswordInput,
  type ForgotPasswordForm,
  type LoginForm,
  type RegisterForm,
  type VerifyEmailResponse,
} from '#shared/schemas/auth.ts';
import { ApiError, apiParsed } from '#client/lib/api.ts';

export const login = (v: LoginForm) => apiParsed(loginResponseSchema, 'POST', '/api/login', v);

/** The password confirmation never leaves the browser. */
export const register = ({ confirmPassword: _c, ...body }: RegisterForm) =>
  apiParsed(messageResponseSchema, 'POST', '/api/register', body);

export const resendVerification = (email: string) =>
  apiParsed(messageResponseSchema, 'POST', '/api/resend-verification', { email });

export const forgotPassword = (v: ForgotPasswordForm) =>
  apiParsed(messageResponseSchema, 'POST', '/api/forgot-password', v);

export const verifyResetToken = (token: string) =>
  apiParsed(
    verifyResetTokenResponseSchema,
    'GET',
    `/api/verify-reset-token?token=${encodeURIComponent(token)}`,
  );

export const resetPassword = (token: string, password: string) =>
  apiParsed(messageResponseSchema, 'POST', '/api/reset-password', { token, password });

/** A used or unknown link is an answer ({ success: false, message }, status 400), not an error. */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  try {
    return await apiParsed(
      verifyEmailResponseSchema,
      'GET',
      `/api/verify-email?token=${encodeURIComponent(token)}`,
    );
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return { success: false, message: err.message };
    throw err;
  }
}

export const logout = () => apiParsed(messageResponseSchema, 'POST', '/api/logout');

/** POST /api/auth/change-password; the answer also carries a fresh session cookie for this browser. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiParsed(messageResponseSchema, 'POST', '/api/auth/change-password', input),
  });
