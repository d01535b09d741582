import { z } from 'zod';
import { ERROR_CODES } from '#shared/constants/error-codes.ts';
import {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants/auth.ts';
import { currentUserSchema } from './user.ts';

// Two families: the server schemas (what the API accepts) and
// the client-form variants (stricter, with the form messages the spec lists). A form that passes its
// client schema always passes the server schema.

const required = (message: string) => z.string({ error: message });

/** Trimmed and lowercased before it is checked, stored or looked up. */
const email = (invalid: string) =>
  z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email(invalid));

/** Never trimmed or truncated: every character counts. */
export const strongPasswordSchema = required('Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number');

const name = (label: 'First name' | 'Last name', min: number, minMessage: string) =>
  required(`${label} is required`)
    .trim()
    .min(min, minMessage)
    .max(NAME_MAX_LENGTH, `${label} must be less than ${NAME_MAX_LENGTH} characters`);

// ---------- server schemas (request bodies / queries) ----------

export const registerSchema = z.object({
  firstName: name('First name', 1, 'First name is required'),
  lastName: name('Last name', 1, 'Last name is required'),
  email: email('Please enter a valid email address'),
  password: strongPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: email('Please enter a valid email address'),
  password: required('Password is required')
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, 'Invalid email or password'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: email('Please enter a valid email address') });
export const forgotPasswordSchema = emailOnlySchema;
export const resendVerificationSchema = emailOnlySchema;

export const resetPasswordSchema = z.object({
  token: required('Reset token is required').min(1, 'Reset token is required'),
  password: strongPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const verifyEmailQuerySchema = z.object({
  token: required('Verification token is required').min(1, 'Verification token is required'),
});
export const verifyResetTokenQuerySchema = z.object({ token: z.string().optional() });

/** PATCH /api/auth/user: only the names; any other field is dropped. An empty name clears it. */
const optionalName = (label: 'First name' | 'Last name') =>
  z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, `${label} must be less than ${NAME_MAX_LENGTH} characters`)
    .optional();
export const updateProfileSchema = z.object({
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const deactivateSchema = z.object({
  password: required('Password is required to deactivate account').min(
    1,
    'Password is required to deactivate account',
  ),
});

/** POST /api/auth/change-password: the current password proves it is the owner, not a borrowed session. */
export const changePasswordSchema = z.object({
  currentPassword: required(AUTH_MESSAGES.currentPasswordRequired)
    .min(1, AUTH_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.incorrectCurrentPassword),
  newPassword: strongPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

// ---------- client-form variants ----------

export const loginFormSchema = z.object({
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z
  .object({
    firstName: name('First name', 2, 'First name must be at least 2 characters'),
    lastName: name('Last name', 2, 'Last name must be at least 2 characters'),
    email: z.string().trim().pipe(z.email('Please enter a valid business email address')),
    password: strongPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const forgotPasswordFormSchema = z.object({
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: strongPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: AUTH_MESSAGES.samePassword,
    path: ['newPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const profileFormSchema = updateProfileSchema;
export type ProfileForm = z.infer<typeof profileFormSchema>;

export const deactivateFormSchema = deactivateSchema;
export type DeactivateForm = z.infer<typeof deactivateFormSchema>;

// ---------- responses ----------

/** register, verify-email, resend-verification, forgot-password, reset-password, deactivate. */
/** The spec's `{ success, message }`; a failure also carries its error code (shared/constants/error-codes.ts). */
export const messageResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  code: z.enum(ERROR_CODES).optional(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET /api/verify-email: `alreadyVerified` when a spent link of an account that is verified comes back. */
export const verifyEmailResponseSchema = messageResponseSchema.extend({
  alreadyVerified: z.boolean().optional(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: currentUserSchema,
  /** True when this sign-in undid a pending self-deactivation. */
  reactivated: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyResetTokenResponseSchema = z.object({ valid: z.boolean() });
export type VerifyResetTokenResponse = z.infer<typeof verifyResetTokenResponseSchema>;

export const updateProfileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: currentUserSchema,
});
