import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { CheckCircle2, KeyRound, Loader2, TriangleAlert } from 'lucide-react';
import { AUTH_MESSAGES } from '#shared/constants/auth.ts';
import { resetPasswordFormSchema, type ResetPasswordForm } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Form } from '#client/components/ui/form.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { resetPassword, verifyResetToken } from '#client/features/auth/api.ts';
import { AuthLayout } from '#client/features/auth/components/auth-layout.tsx';
import { TextField } from '#client/components/text-field.tsx';
import { PASSWORD_RULE_HINT } from '#client/features/auth/messages.ts';
import { useRedirectIfAuthenticated } from '#client/features/auth/use-redirect-if-authenticated.ts';

export default function ResetPasswordPage() {
  usePageMeta('Reset Password', 'Choose a new password for your Roomstage account.');
  useRedirectIfAuthenticated();
  const { token } = useParams<{ token?: string }>();
  const [expired, setExpired] = useState(false);
  const [done, setDone] = useState(false);

  const check = useQuery({
    queryKey: ['/api/verify-reset-token', token],
    queryFn: () => verifyResetToken(token ?? ''),
    enabled: !!token,
  });

  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useMutation({
    mutationFn: (v: ResetPasswordForm) => resetPassword(token ?? '', v.password),
    onSuccess: () => {
      toast({
        title: 'Password reset successful!',
        description: 'Your password has been updated. You can now sign in.',
      });
      setDone(true);
    },
    onError: (err: Error) => {
      toast({ title: 'Reset failed', description: err.message, variant: 'destructive' });
      if (err.message === AUTH_MESSAGES.weakPassword)
        form.setError('password', { message: err.message }, { shouldFocus: true });
      else if (/invalid|expired/i.test(err.message)) setExpired(true);
    },
  });

  if (!token) {
    return (
      <AuthLayout
        title="Invalid Reset Link"
        description="This password reset link is missing its token. Request a new one to continue."
        icon={<TriangleAlert aria-hidden />}
      >
        <Button asChild className="w-full">
          <Link href="/forgot-password">Request New Reset Link</Link>
        </Button>
      </AuthLayout>
    );
  }
  if (check.isLoading) {
    return (
      <AuthLayout title="Reset Password" icon={<KeyRound aria-hidden />}>
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Verifying reset link...
        </p>
      </AuthLayout>
    );
  }
  if (done) {
    return (
      <AuthLayout
        title="Password Reset Complete"
        description="Your password has been updated. Sign in with your new password."
        icon={<CheckCircle2 aria-hidden />}
      >
        <Button asChild className="w-full">
          <Link href="/login">Sign In</Link>
        </Button>
      </AuthLayout>
    );
  }
  if (expired || check.isError || !check.data?.valid) {
    return (
      <AuthLayout
        title="Reset Link Expired"
        description="This reset link is invalid or has expired. Reset links are valid for 1 hour and can be used once."
        icon={<TriangleAlert aria-hidden />}
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild className="flex-1">
            <Link href="/forgot-password">Request New Link</Link>
          </Button>
          <Button asChild variant="outline" className="flex-1">
            <Link href="/login">Back to Sign In</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Choose a new password"
      description="Enter a new password for your account."
      icon={<KeyRound aria-hidden />}
    >
      <Form {...form}>
        <form onSubmit={form.handleSubmit((v) => reset.mutate(v))} className="space-y-4" noValidate>
          <TextField
            control={form.control}
            name="password"
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
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {reset.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
        </form>
      </Form>
    </AuthLayout>
  );
}
