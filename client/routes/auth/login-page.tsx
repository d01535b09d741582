import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { LogIn } from 'lucide-react';
import { loginFormSchema, type LoginForm } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { AuthLayout } from '#client/features/auth/components/auth-layout.tsx';
import { PasswordField } from '#client/components/text-field.tsx';
import { EmailField } from '#client/features/auth/components/account-fields.tsx';
import { AuthForm } from '#client/features/auth/components/auth-form.tsx';
import { loginErrorToast } from '#client/features/auth/messages.ts';
import { QUERY_KEYS } from '#client/lib/query-keys.ts';
import { login as signIn, resendVerification } from '#client/features/auth/api.ts';
import { useRedirectIfAuthenticated } from '#client/features/auth/use-redirect-if-authenticated.ts';

export default function LoginPage() {
  usePageMeta('Sign In', 'Sign in to your Roomstage account to stage rooms and manage your listings.');
  useRedirectIfAuthenticated();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (data) => {
      if (!data.success) {
        toast({
          title: 'Login failed',
          description: (data as { message?: string }).message || 'Invalid email or password',
          variant: 'destructive',
        });
        return;
      }
      // The reactivation message already opens with "Welcome back!"; the toast's title says it once.
      toast({
        title: 'Welcome back!',
        description: data.reactivated
          ? 'Your account has been reactivated.'
          : 'You have signed in successfully.',
      });
      // useRedirectIfAuthenticated moves on: to ?next=, to a waiting photo's page, or to /dashboard.
      queryClient.setQueryData(QUERY_KEYS.authUser, data.user);
    },
    onError: (err: Error, v) => {
      const t = loginErrorToast(err.message);
      setUnverifiedEmail(t.unverified ? v.email : null);
      toast({ title: t.title, description: t.description, variant: 'destructive' });
    },
  });

  // The spec has no control for this call; an agent who lost the e-mail needs one (docs/decisions/0003).
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (d) => toast({ title: 'Verification email sent', description: d.message }),
    onError: (err: Error) =>
      toast({ title: 'Failed to send email', description: err.message, variant: 'destructive' }),
  });

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to your Roomstage account"
      icon={<LogIn aria-hidden />}
      switchTo={{ prompt: "Don't have an account?", href: '/register', label: 'Sign up' }}
    >
      <AuthForm
        form={form}
        onSubmit={(v) => login.mutate(v)}
        pending={login.isPending}
        submitLabel="Sign In"
        pendingLabel="Signing in..."
      >
        <EmailField control={form.control} />
        <PasswordField control={form.control} name="password" />
        <div className="flex justify-end">
          <Link href="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
      </AuthForm>
      {unverifiedEmail && (
        <div className="mt-4 rounded-md border bg-secondary/60 p-3 text-sm">
          <p className="text-muted-foreground">Didn&apos;t get the verification email?</p>
          <Button
            variant="link"
            className="h-auto p-0"
            disabled={resend.isPending}
            onClick={() => resend.mutate(unverifiedEmail)}
          >
            Resend verification email
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
