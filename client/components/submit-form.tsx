import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from './ui/form.tsx';
import { PendingButton } from './pending-button.tsx';

/**
 * A react-hook-form form with its submit button: the fields, the button (spinner and `pendingLabel`
 * while the call runs) and anything under it. Validation is the schema's, not the browser's.
 */
export function SubmitForm<T extends FieldValues>({
  form,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  fullWidth = false,
  className = 'grid gap-4',
  ariaLabel,
  children,
  after,
}: {
  form: UseFormReturn<T>;
  onSubmit: (values: T) => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  /** A full-width button (account pages); otherwise the button keeps its own width. */
  fullWidth?: boolean;
  className?: string;
  ariaLabel?: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  const button = (
    <PendingButton
      type="submit"
      className={fullWidth ? 'w-full' : undefined}
      disabled={pending}
      pending={pending}
      pendingLabel={pendingLabel}
    >
      {submitLabel}
    </PendingButton>
  );
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className={className} noValidate aria-label={ariaLabel}>
        {children}
        {fullWidth ? button : <div>{button}</div>}
        {after}
      </form>
    </Form>
  );
}
