import * as React from 'react';
import { Tabs as T } from 'radix-ui';
import { cn } from '#client/lib/utils.ts';

export const Tabs = T.Root;

export const TabsList = ({ className, ...props }: React.ComponentProps<typeof T.List>) => (
  <T.List
    className={cn(
      'inline-flex h-10 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground',
      className,
    )}
    {...props}
  />
);

export const TabsTrigger = ({ className, ...props }: React.ComponentProps<typeof T.Trigger>) => (
  <T.Trigger
    className={cn(
      'inline-flex cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
      className,
    )}
    {...props}
  />
);

export const TabsContent = ({ className, ...props }: React.ComponentProps<typeof T.Content>) => (
  <T.Content
    className={cn('mt-3 focus-visible:outline-2 focus-visible:outline-ring', className)}
    {...props}
  />
);
