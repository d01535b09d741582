import type { ComponentProps, FormHTMLAttributes, ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog.tsx';

export interface DialogShellProps {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  /** An element that opens the dialog (a DialogTrigger); most dialogs are opened from state instead. */
  trigger?: ReactNode;
  title: ReactNode;
  /** Plain text, or block content (paragraphs) rendered as the description element itself. */
  description?: ReactNode;
  descriptionIsBlock?: boolean;
  children?: ReactNode;
  /** The buttons at the bottom (DialogFooter). */
  footer?: ReactNode;
  /** When given, header, body and footer sit in one <form> (Enter submits, the footer's submit button). */
  form?: FormHTMLAttributes<HTMLFormElement>;
  content?: Omit<ComponentProps<typeof DialogContent>, 'children'> & { [data: `data-${string}`]: string };
}

/**
 * Every dialog's frame: title, description, body and footer in the shadcn parts, so a dialog states only
 * what is its own. Focus return and the close button live in ui/dialog.tsx.
 */
export function DialogShell({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  descriptionIsBlock = false,
  children,
  footer,
  form,
  content,
}: DialogShellProps) {
  const inner = (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description !== undefined &&
          (descriptionIsBlock ? (
            <DialogDescription asChild>
              <div className="space-y-2 text-sm text-muted-foreground">{description}</div>
            </DialogDescription>
          ) : (
            <DialogDescription>{description}</DialogDescription>
          ))}
      </DialogHeader>
      {children}
      {footer && <DialogFooter>{footer}</DialogFooter>}
    </>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent {...content}>
        {form ? (
          <form className="grid gap-4" {...form}>
            {inner}
          </form>
        ) : (
          inner
        )}
      </DialogContent>
    </Dialog>
  );
}
