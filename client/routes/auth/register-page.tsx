import { errorCodeOf } from '#client/lib/api.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { MailCheck, UserPlus } from 'lucide-react';
import { registerFormSchema, type RegisterForm } from '#shared/schemas/auth.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { register as createAccount } from '#client/features/auth/api.ts';
import {
  EmailField,
  NameFields,
  NewPasswordFields,
} from '#client/features/auth/components/account-fields.tsx';
import { AuthForm } from '#client/features/auth/components/auth-form.tsx';
import { AuthLayout, AuthNotice } from '#client/features/auth/components/auth-layout.tsx';
import { SOMETHING_WENT_WRONG } from '#client/features/auth/messages.ts';
import { useRedirectIfAuthenticated } from '#client/features/auth/use-redirect-if-authenticated.ts';

export default function RegisterPage() {
  usePageMeta('Create Account', 'Create your Roomstage account and start staging empty rooms in minutes.');
  useRedirectIfAuthenticated();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const register = useMutation({
    mutationFn: createAccount,
    onSuccess: (data, v) => {
      if (!data.success) {
        toast({
          title: 'Registration failed',
          description: data.message || SOMETHING_WENT_WRONG,
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Account created successfully!',
        description: 'Please check your email to verify your account.',
      });
      setRegisteredEmail(v.email.trim().toLowerCase());
    },
    onError: (err: Error) => {
      toast({
        title: 'Registration failed',
        description: err.message || SOMETHING_WENT_WRONG,
        variant: 'destructive',
      });
      // A common password is refused by the server (the list is too big for the page): say so at the field.
      if (errorCodeOf(err) === 'weak_password')
        form.setError('password', { message: err.message }, { shouldFocus: true });
    },
  });

  if (registeredEmail) return <CheckYourEmail email={registeredEmail} />;

  return (
    <AuthLayout
      title="Create your account"
      description="Start staging empty rooms in minutes"
      icon={<UserPlus aria-hidden />}
      wide
      switchTo={{ prompt: 'Already have an account?', href: '/login', label: 'Sign in' }}
    >
      <AuthForm
        form={form}
        onSubmit={(v) => register.mutate(v)}
        pending={register.isPending}
        submitLabel="Create Account"
        pendingLabel="Creating account..."
        after={
          <p className="text-center text-xs text-muted-foreground">
            By creating an account you agree to our{' '}
            <Link href="/terms-of-service" className="underline hover:text-foreground">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link href="/privacy-policy" className="underline hover:text-foreground">
              Privacy Policy
            </Link>
            .
          </p>
        }
      >
        <NameFields control={form.control} />
        <EmailField control={form.control} />
        <NewPasswordFields control={form.control} name="password" label="Password" />
      </AuthForm>
    </AuthLayout>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthNotice
      title="Check Your Email"
      description={
        <>
          We sent a verification link to <strong className="break-all text-foreground">{email}</strong>.
        </>
      }
      icon={<MailCheck aria-hidden />}
      note={
        <ol className="list-decimal space-y-2 pl-5 text-sm text-muted-foreground">
          <li>Open the email from Roomstage (check your spam folder if it is not in your inbox).</li>
          <li>Click the verification link. It is valid for 24 hours.</li>
          <li>Sign in and stage your first room.</li>
        </ol>
      }
      actions={[
        { label: 'Go to Sign In', href: '/login' },
        { label: 'Back to Home', href: '/' },
      ]}
    />
  );
}
