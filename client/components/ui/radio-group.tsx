import * as React from 'react';
import { RadioGroup as R } from 'radix-ui';
import { Circle } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

export const RadioGroup = ({ className, ...props }: React.ComponentProps<typeof R.Root>) => (
  <R.Root className={cn('grid gap-2', className)} {...props} />
);

export const RadioGroupItem = ({ className, ...props }: React.ComponentProps<typeof R.Item>) => (
  <R.Item
    className={cn(
      'aspect-square size-4 shrink-0 rounded-full border border-primary text-primary shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
      className,
    )}
    {...props}
  >
    <R.Indicator className="flex items-center justify-center">
      <Circle className="size-2.5 fill-current text-current" aria-hidden />
    </R.Indicator>
  </R.Item>
);
