import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2 } from 'lucide-react';
import { AUTH_MESSAGES } from '#shared/constants/auth.ts';
import { changePasswordFormSchema, type ChangePasswordForm } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Form } from '#client/components/ui/form.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import { useChangePassword } from '../api.ts';
import { PASSWORD_RULE_HINT } from '../messages.ts';
import { TextField } from '#client/components/text-field.tsx';

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
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden /> Change Password
        </CardTitle>
        <CardDescription>
          Enter your current password, then the new one. Other devices are signed out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit(submit)}
            className="grid gap-4"
            noValidate
            aria-label="Change password"
          >
            <TextField
              control={form.control}
              name="currentPassword"
              label="Current Password"
              password
              autoComplete="current-password"
            />
            <TextField
              control={form.control}
              name="newPassword"
              label="New Password"
              password
              autoComplete="new-password"
              hint={PASSWORD_RULE_HINT}
            />
            <TextField
              control={form.control}
              name="confirmPassword"
              label="Confirm New Password"
              password
              autoComplete="new-password"
            />
            <div>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending && <Loader2 className="animate-spin" aria-hidden />} Change Password
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
