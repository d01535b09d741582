import type { ComponentProps } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '#client/components/ui/form.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { PasswordInput } from './password-input.tsx';

/**
 * One labelled form field with its validation message; `password` adds the show/hide toggle, `hint` a
 * rule shown under this field (and read out with it).
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  password = false,
  hint,
  ...inputProps
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  password?: boolean;
  hint?: string;
} & Omit<ComponentProps<'input'>, 'name'>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {password ? (
              <PasswordInput {...inputProps} {...field} value={field.value ?? ''} />
            ) : (
              <Input {...inputProps} {...field} value={field.value ?? ''} />
            )}
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * A password with the show/hide toggle: the current one (sign-in, password change, deactivation) or,
 * with `isNew`, a new one, which password managers offer to generate and save.
 */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  label = 'Password',
  isNew = false,
  hint,
  autoFocus,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label?: string;
  isNew?: boolean;
  hint?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      control={control}
      name={name}
      label={label}
      password
      autoComplete={isNew ? 'new-password' : 'current-password'}
      hint={hint}
      autoFocus={autoFocus}
    />
  );
}
