import * as React from 'react';
import { Tooltip as T } from 'radix-ui';
import { cn } from '#client/lib/utils.ts';

/** The spec's tooltip timing: 700 ms to open, 300 ms skip window between tooltips. */
export const TooltipProvider = ({ children }: { children: React.ReactNode }) => (
  <T.Provider delayDuration={700} skipDelayDuration={300}>
    {children}
  </T.Provider>
);
export const Tooltip = T.Root;
export const TooltipTrigger = T.Trigger;
export const TooltipContent = ({
  className,
  sideOffset = 4,
  ...props
}: React.ComponentProps<typeof T.Content>) => (
  <T.Portal>
    <T.Content
      sideOffset={sideOffset}
      className={cn('z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md', className)}
      {...props}
    />
  </T.Portal>
);
