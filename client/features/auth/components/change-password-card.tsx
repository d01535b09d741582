import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { changePasswordFormSchema, type ChangePasswordForm } from '#shared/schemas/auth.ts';
import { SubmitForm } from '#client/components/submit-form.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { ApiError, errorCodeOf } from '#client/lib/api.ts';
import { useChangePassword } from '../api.ts';
import { PasswordField } from '#client/components/text-field.tsx';
import { NewPasswordFields } from './account-fields.tsx';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: readonly string[] = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
] satisfies (keyof ChangePasswordForm)[];

/** Which field a refusal belongs to (by its code or the field the server named), so each message is shown once. */
function fieldFor(err: ApiError): keyof ChangePasswordForm | null {
  if (err.code === 'incorrect_current_password') return 'currentPassword';
  if (err.code === 'weak_password' || err.code === 'same_password') return 'newPassword';
  if (err.field && FIELDS.includes(err.field)) return err.field as keyof ChangePasswordForm;
  return null;
}

/** Settings: change the password with the current one; other devices are signed out by the server. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const submit = ({ confirmPassword: _c, ...body }: ChangePasswordForm) =>
    change.mutate(body, {
      onSuccess: (r) => {
        form.reset(EMPTY);
        toast({ title: 'Password changed', description: r.message });
      },
      onError: (err) => {
        const field = err instanceof ApiError ? fieldFor(err) : null;
        if (field) {
          form.setError(field, { message: err.message }, { shouldFocus: true });
          return;
        }
        // Rate limit, server trouble or offline: nothing about a field.
        const limited = errorCodeOf(err) === 'rate_limited';
        toast({
          title: limited ? 'Too many attempts' : 'Password Not Changed',
          description: limited ? err.message : 'Failed to change your password. Please try again.',
          variant: 'destructive',
        });
      },
    });

  return (
    <TitledCard
      title="Change Password"
      icon={<KeyRound className="size-5" aria-hidden />}
      description="Enter your current password, then the new one. Other devices are signed out."
    >
      <SubmitForm
        form={form}
        onSubmit={submit}
        pending={change.isPending}
        submitLabel="Change Password"
        ariaLabel="Change password"
      >
        <PasswordField control={form.control} name="currentPassword" label="Current Password" />
        <NewPasswordFields control={form.control} name="newPassword" />
      </SubmitForm>
    </TitledCard>
  );
}
