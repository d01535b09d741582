import { errorCodeOf } from '#client/lib/api.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { CheckCircle2, KeyRound, TriangleAlert } from 'lucide-react';
import { resetPasswordFormSchema, type ResetPasswordForm } from '#shared/schemas/auth.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { resetPassword, verifyResetToken } from '#client/features/auth/api.ts';
import { NewPasswordFields } from '#client/features/auth/components/account-fields.tsx';
import { AuthForm } from '#client/features/auth/components/auth-form.tsx';
import { AuthLayout, AuthNotice, AuthPending } from '#client/features/auth/components/auth-layout.tsx';
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
      if (errorCodeOf(err) === 'weak_password')
        form.setError('password', { message: err.message }, { shouldFocus: true });
      else if (errorCodeOf(err) === 'invalid_token') setExpired(true);
    },
  });

  if (!token) {
    return (
      <AuthNotice
        title="Invalid Reset Link"
        description="This password reset link is missing its token. Request a new one to continue."
        icon={<TriangleAlert aria-hidden />}
        actions={[{ label: 'Request New Reset Link', href: '/forgot-password' }]}
      />
    );
  }
  if (check.isLoading) {
    return (
      <AuthPending title="Reset Password" icon={<KeyRound aria-hidden />} status="Verifying reset link..." />
    );
  }
  if (done) {
    return (
      <AuthNotice
        title="Password Reset Complete"
        description="Your password has been updated. Sign in with your new password."
        icon={<CheckCircle2 aria-hidden />}
        actions={[{ label: 'Sign In', href: '/login' }]}
      />
    );
  }
  if (expired || check.isError || !check.data?.valid) {
    return (
      <AuthNotice
        title="Reset Link Expired"
        description="This reset link is invalid or has expired. Reset links are valid for 1 hour and can be used once."
        icon={<TriangleAlert aria-hidden />}
        actions={[
          { label: 'Request New Link', href: '/forgot-password' },
          { label: 'Back to Sign In', href: '/login' },
        ]}
      />
    );
  }
  return (
    <AuthLayout
      title="Choose a new password"
      description="Enter a new password for your account."
      icon={<KeyRound aria-hidden />}
    >
      <AuthForm
        form={form}
        onSubmit={(v) => reset.mutate(v)}
        pending={reset.isPending}
        submitLabel="Reset Password"
        pendingLabel="Resetting..."
      >
        <NewPasswordFields control={form.control} name="password" />
      </AuthForm>
    </AuthLayout>
  );
}
