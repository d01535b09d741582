import type { ComponentProps } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';

/**
 * An in-app link that looks like a button (Button's variant and size, wouter's navigation), with an
 * optional leading icon, decorative since the label says where it goes.
 */
export function ButtonLink({
  href,
  icon: Icon,
  children,
  ...buttonProps
}: { href: string; icon?: LucideIcon } & Omit<ComponentProps<typeof Button>, 'asChild'>) {
  return (
    <Button asChild {...buttonProps}>
      <Link href={href}>
        {Icon && <Icon aria-hidden />} {children}
      </Link>
    </Button>
  );
}
