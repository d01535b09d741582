import { Link } from 'wouter';
import { ArrowRight, LayoutDashboard } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useAuth } from '#client/hooks/use-auth.ts';
import { cn } from '#client/lib/utils.ts';

export interface LinkAction {
  href: string;
  label: string;
}

export interface AudienceActionsProps {
  /** Buttons for visitors: the first is the primary one. */
  visitor: readonly [LinkAction, ...LinkAction[]];
  /** 'onDark' styles the buttons for the navy call-to-action band. */
  tone?: 'default' | 'onDark';
  className?: string;
}

/**
 * Call-to-action buttons that differ by audience: signed-in users get
 * "Go to Dashboard", visitors get the given links. While the session loads, the row keeps its height
 * so nothing jumps.
 */
export function AudienceActions({ visitor, tone = 'default', className }: AudienceActionsProps) {
  const { isAuthenticated, isLoading } = useAuth();
  const row = cn(
    'flex min-h-11 flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center',
    className,
  );
  if (isLoading) return <div className={row} aria-hidden />;
  if (isAuthenticated) {
    return (
      <div className={row}>
        <Button asChild size="lg" variant={tone === 'onDark' ? 'accent' : 'default'}>
          <Link href="/dashboard">
            <LayoutDashboard aria-hidden /> Go to Dashboard
          </Link>
        </Button>
      </div>
    );
  }
  const [primary, ...rest] = visitor;
  return (
    <div className={row}>
      <Button asChild size="lg" variant={tone === 'onDark' ? 'accent' : 'default'}>
        <Link href={primary.href}>
          {primary.label} <ArrowRight aria-hidden />
        </Link>
      </Button>
      {rest.map((a) => (
        <Button
          key={a.href}
          asChild
          size="lg"
          variant="outline"
          className={cn(
            tone === 'onDark' && 'border-white/30 bg-white/5 text-white hover:bg-white/15 hover:text-white',
          )}
        >
          <Link href={a.href}>{a.label}</Link>
        </Button>
      ))}
    </div>
  );
}
