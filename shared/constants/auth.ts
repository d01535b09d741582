// Account rules and the messages both the server and the client show. Where the spec gives a text,
// it is used word for word.

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Days between self-deactivation and permanent deletion. */
export const DEACTIVATION_GRACE_DAYS = 30;
export const PASSWORD_MIN_LENGTH = 8;
/** Generous, so pass-phrases fit; only there so nobody makes us hash megabytes. */
export const PASSWORD_MAX_LENGTH = 1024;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

export const AUTH_MESSAGES = {
  registered: 'Registration successful! Please check your email to verify your account.',
  loggedIn: 'Login successful',
  loggedOut: 'Signed out',
  logoutNeedsPost: 'Use the Sign Out button to sign out.',
  reactivated: 'Welcome back! Your account has been reactivated.',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email before logging in. Check your inbox for the verification link.',
  accountDisabled: 'Your account has been disabled. Please contact support.',
  emailVerified: 'Email verified successfully! You can now sign in.',
  invalidVerificationLink: 'Invalid or expired verification link',
  emailAlreadyVerified: 'Your email address is already verified. You can sign in.',
  verificationResent:
    'If your account still needs verification, a new verification link has been sent to your email.',
  resetLinkSent: 'If an account exists for that email, a password reset link has been sent.',
  passwordReset: 'Password has been reset successfully',
  invalidResetToken: 'Invalid or expired reset token',
  profileUpdated: 'Profile updated successfully',
  deactivated:
    'Your account has been deactivated. It will be permanently deleted in 30 days unless you sign in again.',
  incorrectPassword: 'Incorrect password',
  currentPasswordRequired: 'Current password is required',
  incorrectCurrentPassword: 'Your current password is incorrect',
  samePassword: 'Choose a new password that is different from your current one.',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  unauthorized: 'Unauthorized',
  adminRequired: 'You need admin privileges to access this page.',
  csrfRejected: 'Forbidden',
  weakPassword:
    'This password is too common or too easy to guess. Please choose a less predictable one, such as three unrelated words.',
} as const;

export const tooManyLoginAttempts = (minutes: number) =>
  `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
export const tooManyRequests = (minutes: number) =>
  `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
