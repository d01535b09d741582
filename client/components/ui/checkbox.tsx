import * as React from 'react';
import { Checkbox as C } from 'radix-ui';
import { Check } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

export const Checkbox = ({ className, ...props }: React.ComponentProps<typeof C.Root>) => (
  <C.Root
    className={cn(
      'peer size-4 shrink-0 rounded-sm border border-primary shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
      className,
    )}
    {...props}
  >
    <C.Indicator className="flex items-center justify-center text-current">
      <Check className="size-3.5" aria-hidden />
    </C.Indicator>
  </C.Root>
);
