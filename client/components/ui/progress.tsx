import * as React from 'react';
import { Progress as P } from 'radix-ui';
import { cn } from '#client/lib/utils.ts';

/** `value` is a percentage, 0-100. */
export const Progress = ({ className, value, ...props }: React.ComponentProps<typeof P.Root>) => (
  <P.Root
    value={value}
    className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-secondary', className)}
    {...props}
  >
    <P.Indicator
      className="h-full w-full flex-1 rounded-full bg-primary transition-transform duration-200 ease-out"
      style={{ transform: `translateX(-${100 - (value ?? 0)}%)` }}
    />
  </P.Root>
);
