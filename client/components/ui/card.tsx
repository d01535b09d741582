import * as React from 'react';
import { cn } from '#client/lib/utils.ts';

type DivProps = React.ComponentProps<'div'>;

export const Card = ({ className, ...props }: DivProps) => (
  <div className={cn('rounded-xl border bg-card text-card-foreground shadow-sm', className)} {...props} />
);
export const CardHeader = ({ className, ...props }: DivProps) => (
  <div className={cn('flex flex-col space-y-1.5 p-6', className)} {...props} />
);
export const CardTitle = ({ className, ...props }: React.ComponentProps<'h3'>) => (
  <h3 className={cn('text-xl font-semibold leading-tight tracking-tight', className)} {...props} />
);
export const CardDescription = ({ className, ...props }: React.HTMLAttributes<HTMLParagraphElement>) => (
  <p className={cn('text-sm text-muted-foreground', className)} {...props} />
);
export const CardContent = ({ className, ...props }: DivProps) => (
  <div className={cn('p-6 pt-0', className)} {...props} />
);
export const CardFooter = ({ className, ...props }: DivProps) => (
  <div className={cn('flex items-center p-6 pt-0', className)} {...props} />
);
