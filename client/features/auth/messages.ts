// Which toast an account call's failure shows. Pure, so it is unit-tested.

export interface ToastText {
  title: string;
  description: string;
}

export function loginErrorToast(message: string | undefined): ToastText & { unverified: boolean } {
  const m = message ?? '';
  if (/verify your email|not verified/i.test(m)) {
    return {
      title: 'Email not verified',
      description: 'Please check your email and verify your account before logging in.',
      unverified: true,
    };
  }
  if (/rate limit|too many/i.test(m))
    return { title: 'Too many attempts', description: m, unverified: false };
  return { title: 'Login failed', description: m || 'Invalid email or password', unverified: false };
}

export function forgotPasswordErrorToast(message: string): ToastText {
  if (/rate limit|too many/i.test(message)) return { title: 'Too many requests', description: message };
  return { title: 'Request failed', description: message };
}

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** Shown under the field where a new password is typed (registration, reset, Settings). */
export const PASSWORD_RULE_HINT =
  'At least 8 characters with an uppercase letter, a lowercase letter and a number.';
