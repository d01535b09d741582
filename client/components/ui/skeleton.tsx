import * as React from 'react';
import { cn } from '#client/lib/utils.ts';

export const Skeleton = ({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('animate-pulse rounded-md bg-muted', className)} aria-hidden {...props} />
);
