import { useMutation } from '@tanstack/react-query';
import { Loader2, LogOut } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { logout as signOut } from '../api.ts';

/**
 * Signing out is a POST with the CSRF header (a link could be fired by any site). After it, a full page
 * load on the home page, so nothing of the signed-in user stays in the query cache.
 */
export function SignOutButton() {
  const logout = useMutation({
    mutationFn: signOut,
    onSuccess: () => window.location.assign('/'),
    onError: (err) =>
      toast({
        title: 'Sign Out Failed',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      }),
  });
  return (
    <Button
      type="button"
      variant="outline"
      onClick={() => logout.mutate()}
      disabled={logout.isPending || logout.isSuccess}
    >
      {logout.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />} Sign Out
    </Button>
  );
}
