import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Loader2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';

interface FrameProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
}

/** The link under a form to the other account page ("Don't have an account? Sign up"). */
export interface AuthSwitch {
  prompt: string;
  href: string;
  label: string;
}

/** The centred card every account page uses, on a soft brand background. */
export function AuthLayout({
  title,
  description,
  icon,
  children,
  switchTo,
  wide = false,
}: FrameProps & { children?: ReactNode; switchTo?: AuthSwitch; wide?: boolean }) {
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
        {switchTo && (
          <div className="border-t px-6 py-4 text-center text-sm text-muted-foreground">
            {switchTo.prompt}{' '}
            <Link href={switchTo.href} className="font-medium text-primary hover:underline">
              {switchTo.label}
            </Link>
          </div>
        )}
      </Card>
    </section>
  );
}

/** One way on from an account page: a link, or (for the page's own state) a click. */
export type AuthAction = { label: string } & ({ href: string } | { onClick: () => void });

/**
 * An account page that only says something (check your email, link expired, done): the message, an
 * optional note (a sentence, or a list) and one or two ways on, the first one primary.
 */
export function AuthNotice({
  note,
  actions,
  ...frame
}: FrameProps & { note?: ReactNode; actions: readonly AuthAction[] }) {
  const single = actions.length === 1;
  return (
    <AuthLayout {...frame}>
      {typeof note === 'string' ? <p className="text-center text-sm text-muted-foreground">{note}</p> : note}
      <div className={cn(!single && 'flex flex-col gap-2 sm:flex-row', note !== undefined && 'mt-6')}>
        {actions.map((a, i) => (
          <Button
            key={a.label}
            variant={i === 0 ? 'default' : 'outline'}
            className={single ? 'w-full' : 'flex-1'}
            {...('href' in a ? { asChild: true } : { onClick: a.onClick })}
          >
            {'href' in a ? <Link href={a.href}>{a.label}</Link> : a.label}
          </Button>
        ))}
      </div>
    </AuthLayout>
  );
}

/** An account page waiting for the server (a link being checked). */
export function AuthPending({ title, icon, status }: FrameProps & { status: string }) {
  return (
    <AuthLayout title={title} icon={icon}>
      <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {status}
      </p>
    </AuthLayout>
  );
}
