import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { KeyRound, Loader2, MailCheck } from 'lucide-react';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Form } from '#client/components/ui/form.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { forgotPassword } from '#client/features/auth/api.ts';
import { AuthLayout } from '#client/features/auth/components/auth-layout.tsx';
import { TextField } from '#client/components/text-field.tsx';
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
      <AuthLayout
        title="Check Your Email"
        description={
          <>
            If an account exists for <strong className="break-all text-foreground">{sentTo}</strong>, we sent
            it a link to reset the password.
          </>
        }
        icon={<MailCheck aria-hidden />}
      >
        <p className="text-center text-sm text-muted-foreground">The reset link expires in 1 hour.</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button asChild className="flex-1">
            <Link href="/login">Back to Sign In</Link>
          </Button>
          <Button
            variant="outline"
            className="flex-1"
            onClick={() => {
              setSentTo(null);
              form.reset({ email: '' });
            }}
          >
            Try Different Email
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email and we'll send you a link to reset it."
      icon={<KeyRound aria-hidden />}
      footer={
        <>
          Remembered it?{' '}
          <Link href="/login" className="font-medium text-primary hover:underline">
            Back to Sign In
          </Link>
        </>
      }
    >
      <Form {...form}>
        <form onSubmit={form.handleSubmit((v) => send.mutate(v))} className="space-y-4" noValidate>
          <TextField
            control={form.control}
            name="email"
            label="Business Email"
            type="email"
            autoComplete="email"
            placeholder="you@agency.com"
          />
          <Button type="submit" className="w-full" disabled={send.isPending}>
            {send.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {send.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      </Form>
    </AuthLayout>
  );
}
