import * as React from 'react';
import { Select as S } from 'radix-ui';
import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

export const Select = S.Root;
export const SelectGroup = S.Group;
export const SelectValue = S.Value;

export const SelectTrigger = ({ className, children, ...props }: React.ComponentProps<typeof S.Trigger>) => (
  <S.Trigger
    className={cn(
      'flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs transition-colors focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground aria-invalid:border-destructive [&>span]:truncate',
      className,
    )}
    {...props}
  >
    {children}
    <S.Icon asChild>
      <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden />
    </S.Icon>
  </S.Trigger>
);

export const SelectContent = ({
  className,
  children,
  position = 'popper',
  ...props
}: React.ComponentProps<typeof S.Content>) => (
  <S.Portal>
    <S.Content
      position={position}
      className={cn(
        'relative z-50 max-h-[min(24rem,var(--radix-select-content-available-height))] min-w-[8rem] overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg',
        position === 'popper' &&
          'w-full min-w-[var(--radix-select-trigger-width)] data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
        className,
      )}
      {...props}
    >
      <S.ScrollUpButton className="flex cursor-default items-center justify-center py-1">
        <ChevronUp className="size-4" aria-hidden />
      </S.ScrollUpButton>
      <S.Viewport className="p-1">{children}</S.Viewport>
      <S.ScrollDownButton className="flex cursor-default items-center justify-center py-1">
        <ChevronDown className="size-4" aria-hidden />
      </S.ScrollDownButton>
    </S.Content>
  </S.Portal>
);

export const SelectLabel = ({ className, ...props }: React.ComponentProps<typeof S.Label>) => (
  <S.Label className={cn('px-2 py-1.5 text-xs font-semibold text-muted-foreground', className)} {...props} />
);

export const SelectItem = ({ className, children, ...props }: React.ComponentProps<typeof S.Item>) => (
  <S.Item
    className={cn(
      'relative flex w-full cursor-pointer select-none items-center rounded-sm py-2 pl-8 pr-2 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-secondary data-[highlighted]:text-secondary-foreground data-[disabled]:opacity-50',
      className,
    )}
    {...props}
  >
    <span className="absolute left-2 flex size-4 items-center justify-center">
      <S.ItemIndicator>
        <Check className="size-4" aria-hidden />
      </S.ItemIndicator>
    </span>
    <S.ItemText>{children}</S.ItemText>
  </S.Item>
);

export const SelectSeparator = ({ className, ...props }: React.ComponentProps<typeof S.Separator>) => (
  <S.Separator className={cn('-mx-1 my-1 h-px bg-muted', className)} {...props} />
);
