import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { AUTH_MESSAGES } from '#shared/constants/auth.ts';
import { changePasswordFormSchema, type ChangePasswordForm } from '#shared/schemas/auth.ts';
import { SubmitForm } from '#client/components/submit-form.tsx';
import { TitledCard } from '#client/components/titled-card.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import { useChangePassword } from '../api.ts';
import { PasswordField } from '#client/components/text-field.tsx';
import { NewPasswordFields } from './account-fields.tsx';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Which field a refusal belongs to, so each message is shown once, next to what needs fixing. */
function fieldFor(message: string): keyof ChangePasswordForm | null {
  if (
    message === AUTH_MESSAGES.incorrectCurrentPassword ||
    message === AUTH_MESSAGES.currentPasswordRequired
  ) {
    return 'currentPassword';
  }
  if (
    message === AUTH_MESSAGES.weakPassword ||
    message === AUTH_MESSAGES.samePassword ||
    /^Password /.test(message)
  ) {
    return 'newPassword';
  }
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
        const field = err instanceof ApiError && err.status === 400 ? fieldFor(err.message) : null;
        if (field) {
          form.setError(field, { message: err.message }, { shouldFocus: true });
          return;
        }
        // Rate limit, server trouble or offline: nothing about a field.
        const limited = err instanceof ApiError && err.status === 429;
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
