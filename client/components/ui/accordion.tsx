import * as React from 'react';
import { Accordion as A } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

export const Accordion = A.Root;

export const AccordionItem = ({ className, ...props }: React.ComponentProps<typeof A.Item>) => (
  <A.Item className={cn('border-b last:border-b-0', className)} {...props} />
);

/** Radix renders the trigger as a button inside a heading (h3 by default), which is what screen readers expect. */
export const AccordionTrigger = ({
  className,
  children,
  ...props
}: React.ComponentProps<typeof A.Trigger>) => (
  <A.Header className="flex">
    <A.Trigger
      className={cn(
        'flex flex-1 cursor-pointer items-center justify-between gap-4 rounded-md py-4 text-left text-base font-medium transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&[data-state=open]>svg]:rotate-180',
        className,
      )}
      {...props}
    >
      {children}
      <ChevronDown
        className="size-4 shrink-0 text-muted-foreground transition-transform duration-200"
        aria-hidden
      />
    </A.Trigger>
  </A.Header>
);

export const AccordionContent = ({
  className,
  children,
  ...props
}: React.ComponentProps<typeof A.Content>) => (
  <A.Content
    className="overflow-hidden text-sm data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down"
    {...props}
  >
    <div className={cn('pb-4 leading-relaxed text-muted-foreground', className)}>{children}</div>
  </A.Content>
);
