import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { SubmitForm } from '#client/components/submit-form.tsx';

/** An account page's form: stacked fields and a full-width button that says what is happening. */
export function AuthForm<T extends FieldValues>(
  props: Omit<ComponentProps<typeof SubmitForm<T>>, 'fullWidth' | 'className'> & { pendingLabel: string },
) {
  return <SubmitForm {...props} fullWidth className="space-y-4" />;
}
