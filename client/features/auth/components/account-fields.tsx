import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { PasswordField, TextField } from '#client/components/text-field.tsx';
import { PASSWORD_RULE_HINT } from '../messages.ts';

// The account forms' recurring fields, each with its label, autocomplete and hint in one place. The
// forms name their fields differently (password / newPassword), so names are passed where they vary.

/** "Business Email", on sign-in, sign-up and forgot-password. */
export function EmailField<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <TextField
      control={control}
      name={'email' as FieldPath<T>}
      label="Business Email"
      type="email"
      autoComplete="email"
      placeholder="you@agency.com"
    />
  );
}

/** First and last name side by side, on sign-up and in the profile. */
export function NameFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        control={control}
        name={'firstName' as FieldPath<T>}
        label="First Name"
        autoComplete="given-name"
      />
      <TextField
        control={control}
        name={'lastName' as FieldPath<T>}
        label="Last Name"
        autoComplete="family-name"
      />
    </div>
  );
}

/** A new password with the rule under it, then its confirmation ("Confirm <label>"). */
export function NewPasswordFields<T extends FieldValues>({
  control,
  name,
  label = 'New Password',
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label?: string;
}) {
  return (
    <>
      <PasswordField control={control} name={name} label={label} isNew hint={PASSWORD_RULE_HINT} />
      <PasswordField
        control={control}
        name={'confirmPassword' as FieldPath<T>}
        label={`Confirm ${label}`}
        isNew
      />
    </>
  );
}
