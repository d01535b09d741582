import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { CheckCircle2, Loader2, MailCheck, MailX, TriangleAlert } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { verifyEmail } from '#client/features/auth/api.ts';
import { AuthLayout } from '#client/features/auth/components/auth-layout.tsx';
import { SOMETHING_WENT_WRONG } from '#client/features/auth/messages.ts';
import { useRedirectIfAuthenticated } from '#client/features/auth/use-redirect-if-authenticated.ts';

export default function VerifyEmailPage() {
  usePageMeta('Verify Email', 'Verify the e-mail address of your Roomstage account.');
  useRedirectIfAuthenticated();
  const token = new URLSearchParams(useSearch()).get('token');
  // A query (not an effect) so the single-use token is sent exactly once, even under StrictMode.
  const q = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: !!token,
  });

  useEffect(() => {
    // A link clicked again is not news: the page says so, without a toast.
    if (!q.data || q.data.alreadyVerified) return;
    if (q.data.success)
      toast({ title: 'Email verified!', description: 'Your email has been successfully verified.' });
    else
      toast({
        title: 'Verification failed',
        description: q.data.message || SOMETHING_WENT_WRONG,
        variant: 'destructive',
      });
  }, [q.data]);

  if (!token) {
    return (
      <AuthLayout
        title="Invalid Verification Link"
        description="No verification token provided. The link is missing or invalid."
        icon={<MailX aria-hidden />}
      >
        <Button asChild className="w-full">
          <Link href="/">Back to Home</Link>
        </Button>
      </AuthLayout>
    );
  }
  if (q.isLoading) {
    return (
      <AuthLayout title="Verifying Email">
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Verifying your email address...
        </p>
      </AuthLayout>
    );
  }
  if (q.data?.alreadyVerified) {
    return (
      <AuthLayout
        title="Email Already Verified"
        description={q.data.message}
        icon={<MailCheck aria-hidden />}
      >
        <p className="text-center text-sm text-muted-foreground">
          This link was used before. Nothing else is needed: sign in to continue.
        </p>
        <Button asChild className="mt-6 w-full">
          <Link href="/login">Sign In Now</Link>
        </Button>
      </AuthLayout>
    );
  }
  if (q.data?.success) {
    return (
      <AuthLayout
        title="Email Verified!"
        description={q.data.message || 'Your email address is verified. Sign in to start staging rooms.'}
        icon={<CheckCircle2 aria-hidden />}
      >
        <Button asChild className="w-full">
          <Link href="/login">Sign In Now</Link>
        </Button>
      </AuthLayout>
    );
  }
  const message = q.data
    ? q.data.message || 'Unable to verify your email address'
    : q.error?.message || 'An error occurred during verification.';
  return (
    <AuthLayout title="Verification Failed" description={message} icon={<TriangleAlert aria-hidden />}>
      <p className="text-center text-sm text-muted-foreground">Verification links expire after 24 hours.</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button asChild className="flex-1">
          <Link href="/login">Back to Sign In</Link>
        </Button>
        <Button asChild variant="outline" className="flex-1">
          <Link href="/">Back to Home</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
