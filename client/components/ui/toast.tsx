import * as React from 'react';
import { Toast as T } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

export const ToastProvider = T.Provider;

export const ToastViewport = ({ className, ...props }: React.ComponentProps<typeof T.Viewport>) => (
  <T.Viewport
    className={cn(
      'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]',
      className,
    )}
    {...props}
  />
);

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-center justify-between space-x-4 overflow-hidden rounded-md border p-5 pr-8 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:opacity-0',
  {
    variants: {
      variant: {
        default: 'border bg-background text-foreground',
        destructive: 'destructive group border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastProps = React.ComponentProps<typeof T.Root> & VariantProps<typeof toastVariants>;

export const Toast = ({ className, variant, ...props }: ToastProps) => (
  <T.Root className={cn(toastVariants({ variant }), className)} {...props} />
);

export const ToastClose = ({ className, ...props }: React.ComponentProps<typeof T.Close>) => (
  <T.Close
    className={cn(
      'absolute right-2 top-2 rounded-md p-1 text-foreground/60 hover:text-foreground focus-visible:outline-2 group-[.destructive]:text-red-100',
      className,
    )}
    aria-label="Close"
    toast-close=""
    {...props}
  >
    <X className="h-4 w-4" aria-hidden />
  </T.Close>
);

export const ToastTitle = ({ className, ...props }: React.ComponentProps<typeof T.Title>) => (
  <T.Title className={cn('text-sm font-semibold', className)} {...props} />
);

export const ToastDescription = ({ className, ...props }: React.ComponentProps<typeof T.Description>) => (
  <T.Description className={cn('text-sm opacity-90', className)} {...props} />
);

/** A button inside a toast (e.g. "See plans"); altText tells screen readers how to reach it without the toast. */
export const ToastAction = ({ className, ...props }: React.ComponentProps<typeof T.Action>) => (
  <T.Action
    className={cn(
      'inline-flex h-8 shrink-0 items-center justify-center rounded-md border bg-transparent px-3 text-sm font-medium hover:bg-secondary focus-visible:outline-2 group-[.destructive]:border-red-200/60 group-[.destructive]:hover:bg-red-50/10',
      className,
    )}
    {...props}
  />
);
