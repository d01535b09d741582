import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Loader2, MailCheck, UserPlus } from 'lucide-react';
import { AUTH_MESSAGES } from '#shared/constants/auth.ts';
import { registerFormSchema, type RegisterForm } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Form } from '#client/components/ui/form.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { register as createAccount } from '#client/features/auth/api.ts';
import { AuthLayout } from '#client/features/auth/components/auth-layout.tsx';
import { TextField } from '#client/components/text-field.tsx';
import { PASSWORD_RULE_HINT, SOMETHING_WENT_WRONG } from '#client/features/auth/messages.ts';
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
      if (err.message === AUTH_MESSAGES.weakPassword)
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
      footer={
        <>
          Already have an account?{' '}
          <Link href="/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form {...form}>
        <form onSubmit={form.handleSubmit((v) => register.mutate(v))} className="space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="firstName" label="First Name" autoComplete="given-name" />
            <TextField control={form.control} name="lastName" label="Last Name" autoComplete="family-name" />
          </div>
          <TextField
            control={form.control}
            name="email"
            label="Business Email"
            type="email"
            autoComplete="email"
            placeholder="you@agency.com"
          />
          <TextField
            control={form.control}
            name="password"
            label="Password"
            password
            autoComplete="new-password"
            hint={PASSWORD_RULE_HINT}
          />
          <TextField
            control={form.control}
            name="confirmPassword"
            label="Confirm Password"
            password
            autoComplete="new-password"
          />
          <Button type="submit" className="w-full" disabled={register.isPending}>
            {register.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {register.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
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
        </form>
      </Form>
    </AuthLayout>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthLayout
      title="Check Your Email"
      description={
        <>
          We sent a verification link to <strong className="break-all text-foreground">{email}</strong>.
        </>
      }
      icon={<MailCheck aria-hidden />}
    >
      <ol className="list-decimal space-y-2 pl-5 text-sm text-muted-foreground">
        <li>Open the email from Roomstage (check your spam folder if it is not in your inbox).</li>
        <li>Click the verification link. It is valid for 24 hours.</li>
        <li>Sign in and stage your first room.</li>
      </ol>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button asChild className="flex-1">
          <Link href="/login">Go to Sign In</Link>
        </Button>
        <Button asChild variant="outline" className="flex-1">
          <Link href="/">Back to Home</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
