import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { CheckCircle2, MailCheck, MailX, TriangleAlert } from 'lucide-react';
import { toast } from '#client/hooks/use-toast.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { verifyEmail } from '#client/features/auth/api.ts';
import { AuthNotice, AuthPending } from '#client/features/auth/components/auth-layout.tsx';
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
      <AuthNotice
        title="Invalid Verification Link"
        description="No verification token provided. The link is missing or invalid."
        icon={<MailX aria-hidden />}
        actions={[{ label: 'Back to Home', href: '/' }]}
      />
    );
  }
  if (q.isLoading) {
    return <AuthPending title="Verifying Email" status="Verifying your email address..." />;
  }
  if (q.data?.alreadyVerified) {
    return (
      <AuthNotice
        title="Email Already Verified"
        description={q.data.message}
        icon={<MailCheck aria-hidden />}
        note="This link was used before. Nothing else is needed: sign in to continue."
        actions={[{ label: 'Sign In Now', href: '/login' }]}
      />
    );
  }
  if (q.data?.success) {
    return (
      <AuthNotice
        title="Email Verified!"
        description={q.data.message || 'Your email address is verified. Sign in to start staging rooms.'}
        icon={<CheckCircle2 aria-hidden />}
        actions={[{ label: 'Sign In Now', href: '/login' }]}
      />
    );
  }
  const message = q.data
    ? q.data.message || 'Unable to verify your email address'
    : q.error?.message || 'An error occurred during verification.';
  return (
    <AuthNotice
      title="Verification Failed"
      description={message}
      icon={<TriangleAlert aria-hidden />}
      note="Verification links expire after 24 hours."
      actions={[
        { label: 'Back to Sign In', href: '/login' },
        { label: 'Back to Home', href: '/' },
      ]}
    />
  );
}
