import * as React from 'react';
import { Label as L } from 'radix-ui';
import { cn } from '#client/lib/utils.ts';

export const Label = ({ className, ...props }: React.ComponentProps<typeof L.Root>) => (
  <L.Root
    className={cn(
      'text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
      className,
    )}
    {...props}
  />
);
