import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';

/** The centred card every account page uses, on a soft brand background. */
export function AuthLayout({
  title,
  description,
  icon,
  children,
  footer,
  wide = false,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className="flex min-h-[calc(100vh-4rem)] items-start justify-center bg-gradient-to-b from-secondary/70 to-background px-4 py-12 sm:items-center">
      <Card className={cn('w-full', wide ? 'max-w-lg' : 'max-w-md')}>
        <CardHeader className="items-center text-center">
          {icon && (
            <div className="mb-2 flex h-12 w-12 items-center justify-center rounded-full bg-secondary text-primary [&_svg]:h-6 [&_svg]:w-6">
              {icon}
            </div>
          )}
          <h1 className="text-2xl font-bold leading-tight tracking-tight">{title}</h1>
          {description && <CardDescription className="text-base">{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent>{children}</CardContent>}
        {footer && (
          <div className="border-t px-6 py-4 text-center text-sm text-muted-foreground">{footer}</div>
        )}
      </Card>
    </section>
  );
}
