import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LayoutDashboard, Menu, ShieldCheck, X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useAuth } from '#client/hooks/use-auth.ts';
import { cn } from '#client/lib/utils.ts';
import { Brand } from './brand.tsx';

const NAV = [
  { href: '/features', label: 'Features' },
  { href: '/examples', label: 'Examples' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/help', label: 'Help' },
];

export function Header() {
  const { isAuthenticated, isLoading, user } = useAuth();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Esc closes the phone menu and puts focus back on its button, as in any disclosure menu.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const actions = isLoading ? null : isAuthenticated ? (
    <>
      {user?.role === 'admin' && (
        <Button asChild variant="ghost">
          <Link href="/admin">
            <ShieldCheck aria-hidden /> Admin
          </Link>
        </Button>
      )}
      <Button asChild>
        <Link href="/dashboard">
          <LayoutDashboard aria-hidden /> Dashboard
        </Link>
      </Button>
    </>
  ) : (
    <>
      <Button asChild variant="ghost">
        <Link href="/login">Sign In</Link>
      </Button>
      <Button asChild>
        <Link href="/register">Sign Up</Link>
      </Button>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((n) => (
            <Link
              key={n.href}
              href={n.href}
              className={cn(
                'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
                location === n.href && 'text-foreground',
              )}
              aria-current={location === n.href ? 'page' : undefined}
            >
              {n.label}
            </Link>
          ))}
        </nav>
        <div className="hidden min-w-[180px] items-center justify-end gap-2 md:flex">{actions}</div>
        <Button
          variant="ghost"
          size="icon"
          ref={menuButton}
          className="md:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="size-5!" aria-hidden /> : <Menu className="size-5!" aria-hidden />}
        </Button>
      </div>
      {open && (
        <div id="mobile-menu" className="border-t bg-background md:hidden">
          <nav
            aria-label="Mobile"
            onClick={() => setOpen(false)}
            className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3"
          >
            {NAV.map((n) => (
              <Link
                key={n.href}
                href={n.href}
                className="rounded-md px-3 py-2.5 text-base font-medium hover:bg-secondary"
              >
                {n.label}
              </Link>
            ))}
            <div className="mt-2 flex flex-col gap-2 border-t pt-3 [&>*]:w-full">{actions}</div>
          </nav>
        </div>
      )}
    </header>
  );
}
