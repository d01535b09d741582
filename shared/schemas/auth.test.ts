import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  deactivateFormSchema,
  forgotPasswordFormSchema,
  loginFormSchema,
  profileFormSchema,
  registerFormSchema,
  registerSchema,
  resetPasswordFormSchema,
  verifyEmailQuerySchema,
} from './auth.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

const goodForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'Analytical1',
  confirmPassword: 'Analytical1',
};

describe('client form schemas carry the spec messages', () => {
  it('register form', () => {
    expect(registerFormSchema.safeParse(goodForm).success).toBe(true);
    expect(
      issues(registerFormSchema.safeParse({ ...goodForm, firstName: 'A', lastName: 'B', email: 'x' })),
    ).toEqual([
      ['firstName', 'First name must be at least 2 characters'],
      ['lastName', 'Last name must be at least 2 characters'],
      ['email', 'Please enter a valid business email address'],
    ]);
    expect(issues(registerFormSchema.safeParse({ ...goodForm, confirmPassword: 'Analytical2' }))).toEqual([
      ['confirmPassword', "Passwords don't match"],
    ]);
    expect(
      issues(
        registerFormSchema.safeParse({ ...goodForm, password: 'lower123', confirmPassword: 'lower123' }),
      ),
    ).toEqual([['password', 'Password must contain at least one uppercase letter']]);
  });

  it('login, forgot, reset, profile and deactivate forms', () => {
    expect(issues(loginFormSchema.safeParse({ email: 'nope', password: 'short' }))).toEqual([
      ['email', 'Please enter a valid email address'],
      ['password', 'Password must be at least 8 characters'],
    ]);
    expect(issues(forgotPasswordFormSchema.safeParse({ email: '' }))).toEqual([
      ['email', 'Please enter a valid email address'],
    ]);
    expect(
      issues(resetPasswordFormSchema.safeParse({ password: 'Analytical1', confirmPassword: 'x' })),
    ).toEqual([['confirmPassword', "Passwords don't match"]]);
    expect(issues(profileFormSchema.safeParse({ firstName: 'x'.repeat(51) }))).toEqual([
      ['firstName', 'First name must be less than 50 characters'],
    ]);
    expect(profileFormSchema.safeParse({}).success).toBe(true);
    expect(issues(deactivateFormSchema.safeParse({ password: '' }))).toEqual([
      ['password', 'Password is required to deactivate account'],
    ]);
  });

  it('anything the register form accepts, the server accepts (without confirmPassword)', () => {
    const { confirmPassword: _c, ...body } = registerFormSchema.parse({
      ...goodForm,
      email: ' Ada@Example.COM ',
    });
    expect(registerSchema.parse(body)).toEqual({ ...body, email: 'ada@example.com' });
  });

  it('server schemas: token messages', () => {
    expect(issues(verifyEmailQuerySchema.safeParse({}))).toEqual([
      ['token', 'Verification token is required'],
    ]);
  });

  it('change-password form: required current, strong new, matching confirmation, different from the current', () => {
    const good = {
      currentPassword: 'Old-Pass-11',
      newPassword: 'Lantern-Orchid-58',
      confirmPassword: 'Lantern-Orchid-58',
    };
    expect(changePasswordFormSchema.safeParse(good).success).toBe(true);
    expect(issues(changePasswordFormSchema.safeParse({ ...good, currentPassword: '' }))).toEqual([
      ['currentPassword', 'Current password is required'],
    ]);
    expect(
      issues(
        changePasswordFormSchema.safeParse({
          ...good,
          newPassword: 'lowercase1',
          confirmPassword: 'lowercase1',
        }),
      ),
    ).toEqual([['newPassword', 'Password must contain at least one uppercase letter']]);
    expect(
      issues(changePasswordFormSchema.safeParse({ ...good, confirmPassword: 'Lantern-Orchid-59' })),
    ).toEqual([['confirmPassword', "Passwords don't match"]]);
    expect(
      issues(
        changePasswordFormSchema.safeParse({
          currentPassword: 'Old-Pass-11',
          newPassword: 'Old-Pass-11',
          confirmPassword: 'Old-Pass-11',
        }),
      ),
    ).toEqual([['newPassword', 'Choose a new password that is different from your current one.']]);
    // What the form sends, the server accepts.
    const { confirmPassword: _c, ...body } = changePasswordFormSchema.parse(good);
    expect(changePasswordSchema.parse(body)).toEqual(body);
  });
});
