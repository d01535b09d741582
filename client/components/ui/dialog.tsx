import * as React from 'react';
import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;
export const DialogPortal = D.Portal;

export const DialogOverlay = ({ className, ...props }: React.ComponentProps<typeof D.Overlay>) => (
  <D.Overlay className={cn('fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px]', className)} {...props} />
);

export const DialogContent = ({
  className,
  children,
  hideClose = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof D.Content> & { hideClose?: boolean }) => {
  // Radix returns focus to a DialogTrigger; most of our dialogs are opened from state (a card's button, a
  // menu item) and have none, so focus fell to <body> on Esc. Remember what had focus when the dialog
  // opened (still focused when onOpenAutoFocus runs) and put it back on close if it is still on the page.
  const returnTo = React.useRef<HTMLElement | null>(null);
  return (
    <DialogPortal>
      <DialogOverlay />
      <D.Content
        onOpenAutoFocus={(e) => {
          returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          const el = returnTo.current;
          returnTo.current = null;
          if (e.defaultPrevented || !el || !el.isConnected || el === document.body) return;
          e.preventDefault();
          el.focus();
        }}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid grid-cols-[minmax(0,1fr)] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
        {!hideClose && (
          <D.Close className="absolute right-4 top-4 cursor-pointer rounded-md p-1 text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <X className="size-4" aria-hidden />
            <span className="sr-only">Close</span>
          </D.Close>
        )}
      </D.Content>
    </DialogPortal>
  );
};

export const DialogHeader = ({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('flex flex-col gap-1.5 pr-6 text-left', className)} {...props} />
);
export const DialogFooter = ({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
);
export const DialogTitle = ({ className, ...props }: React.ComponentProps<typeof D.Title>) => (
  <D.Title className={cn('text-lg font-semibold leading-tight tracking-tight', className)} {...props} />
);
export const DialogDescription = ({ className, ...props }: React.ComponentProps<typeof D.Description>) => (
  <D.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
);
