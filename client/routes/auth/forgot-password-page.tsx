import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, MailCheck } from 'lucide-react';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from '#shared/schemas/auth.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { forgotPassword } from '#client/features/auth/api.ts';
import { EmailField } from '#client/features/auth/components/account-fields.tsx';
import { AuthForm } from '#client/features/auth/components/auth-form.tsx';
import { AuthLayout, AuthNotice } from '#client/features/auth/components/auth-layout.tsx';
import { forgotPasswordErrorToast } from '#client/features/auth/messages.ts';
import { useRedirectIfAuthenticated } from '#client/features/auth/use-redirect-if-authenticated.ts';

export default function ForgotPasswordPage() {
  usePageMeta('Forgot Password', 'Reset the password of your Roomstage account.');
  useRedirectIfAuthenticated();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });

  const send = useMutation({
    mutationFn: forgotPassword,
    onSuccess: (_d, v) => {
      toast({ title: 'Reset link sent!', description: 'Check your email for password reset instructions.' });
      setSentTo(v.email.trim());
    },
    onError: (err: Error) => toast({ ...forgotPasswordErrorToast(err.message), variant: 'destructive' }),
  });

  if (sentTo) {
    return (
      <AuthNotice
        title="Check Your Email"
        description={
          <>
            If an account exists for <strong className="break-all text-foreground">{sentTo}</strong>, we sent
            it a link to reset the password.
          </>
        }
        icon={<MailCheck aria-hidden />}
        note="The reset link expires in 1 hour."
        actions={[
          { label: 'Back to Sign In', href: '/login' },
          {
            label: 'Try Different Email',
            onClick: () => {
              setSentTo(null);
              form.reset({ email: '' });
            },
          },
        ]}
      />
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email and we'll send you a link to reset it."
      icon={<KeyRound aria-hidden />}
      switchTo={{ prompt: 'Remembered it?', href: '/login', label: 'Back to Sign In' }}
    >
      <AuthForm
        form={form}
        onSubmit={(v) => send.mutate(v)}
        pending={send.isPending}
        submitLabel="Send Reset Link"
        pendingLabel="Sending..."
      >
        <EmailField control={form.control} />
      </AuthForm>
    </AuthLayout>
  );
}
