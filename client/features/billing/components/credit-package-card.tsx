import { Crown, Loader2, Star, Zap, type LucideIcon } from 'lucide-react';
import type { CreditPackage } from '#shared/schemas/catalog.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import {
  creditButtonLabel,
  creditIconKind,
  formatPrice,
  packageBadge,
  type CreditIconKind,
} from '../pricing-rules.ts';

const ICONS: Record<CreditIconKind, LucideIcon> = { single: Star, small: Zap, large: Crown };

export interface CreditPackageCardProps {
  pkg: CreditPackage;
  isPending: boolean;
  disabled: boolean;
  onBuy: (pkg: CreditPackage) => void;
}

export function CreditPackageCard({ pkg, isPending, disabled, onBuy }: CreditPackageCardProps) {
  const badge = packageBadge(pkg.id);
  const Icon = ICONS[creditIconKind(pkg.credits)];
  const titleId = `package-${pkg.id}-title`;
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      data-package={pkg.id}
      className={cn(
        'relative flex flex-col text-center',
        pkg.id === 'popular' && 'border-primary ring-1 ring-primary',
      )}
    >
      {badge && (
        <Badge
          variant={pkg.id === 'popular' ? 'default' : 'accent'}
          className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1"
        >
          {badge}
        </Badge>
      )}
      <CardHeader className="items-center pt-8">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon className="size-6" aria-hidden />
        </span>
        <h3 id={titleId} className="text-lg font-semibold tracking-tight">
          {pkg.name}
        </h3>
        <p className="text-sm text-muted-foreground">{pkg.description}</p>
      </CardHeader>
      <CardContent className="flex-1 space-y-1">
        <p className="text-3xl font-bold tracking-tight">{pkg.credits} credits</p>
        <p className="text-2xl font-semibold">{formatPrice(pkg.price)}</p>
        <p className="text-sm text-muted-foreground">{formatPrice(pkg.pricePerCredit)} per credit</p>
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          variant={pkg.id === 'popular' ? 'default' : 'outline'}
          disabled={disabled}
          aria-busy={isPending}
          onClick={() => onBuy(pkg)}
        >
          {isPending && <Loader2 className="animate-spin" aria-hidden />}
          {creditButtonLabel(isPending)}
        </Button>
      </CardFooter>
    </Card>
  );
}
