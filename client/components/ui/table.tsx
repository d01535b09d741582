import * as React from 'react';
import { cn } from '#client/lib/utils.ts';

// The scroll container is the caller's (the admin tables set a fixed height), so Table is a bare <table>.
export const Table = ({ className, ...props }: React.ComponentProps<'table'>) => (
  <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
);
export const TableHeader = ({ className, ...props }: React.ComponentProps<'thead'>) => (
  <thead className={cn('[&_tr]:border-b', className)} {...props} />
);
export const TableBody = ({ className, ...props }: React.ComponentProps<'tbody'>) => (
  <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />
);
export const TableRow = ({ className, ...props }: React.ComponentProps<'tr'>) => (
  <tr
    className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
    {...props}
  />
);
export const TableHead = ({ className, ...props }: React.ComponentProps<'th'>) => (
  <th
    className={cn(
      'h-10 px-3 text-left align-middle text-xs font-semibold uppercase tracking-wide whitespace-nowrap text-muted-foreground',
      className,
    )}
    {...props}
  />
);
export const TableCell = ({ className, ...props }: React.ComponentProps<'td'>) => (
  <td className={cn('px-3 py-2 align-middle', className)} {...props} />
);
export const TableCaption = ({ className, ...props }: React.ComponentProps<'caption'>) => (
  <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />
);
