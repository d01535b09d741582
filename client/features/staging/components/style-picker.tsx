import { STYLE_LABELS, STYLES, type Style } from '#shared/constants/staging.ts';
import { RadioGroup } from '#client/components/ui/radio-group.tsx';
import { RadioGroup as R } from 'radix-ui';
import { Check } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import { STYLE_META } from '../style-meta.ts';

export interface StylePickerProps {
  value: Style;
  onValueChange: (value: Style) => void;
  disabled?: boolean;
  /** Prefix for element ids; pass a unique one if the picker appears twice on a page. */
  idPrefix?: string;
}

const isStyle = (v: string): v is Style => (STYLES as readonly string[]).includes(v);

/**
 * "Style Preference": the six styles as a radio group in a 2-column grid. Each option is a whole card
 * (name, description, palette swatch); arrow keys move between them as in any radio group.
 */
export function StylePicker({ value, onValueChange, disabled, idPrefix = 'style' }: StylePickerProps) {
  const titleId = `${idPrefix}-title`;
  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend id={titleId} className="mb-3 text-sm font-medium leading-none">
        Style Preference
      </legend>
      <RadioGroup
        aria-labelledby={titleId}
        value={value}
        onValueChange={(v) => isStyle(v) && onValueChange(v)}
        disabled={disabled}
        className="grid grid-cols-2 gap-2.5 sm:gap-3"
      >
        {STYLES.map((s) => {
          const meta = STYLE_META[s];
          const descId = `${idPrefix}-${s}-desc`;
          return (
            <R.Item
              key={s}
              value={s}
              aria-describedby={descId}
              // As with native radios, moving focus with the keyboard selects. Radix only selects when the
              // arrow key is still held when its deferred focus lands, so a quick press moved focus alone.
              onFocus={(e) => {
                if (s !== value && e.currentTarget.matches(':focus-visible')) onValueChange(s);
              }}
              className={cn(
                'group relative flex h-full cursor-pointer flex-col gap-2 rounded-lg border bg-card p-3 text-left transition-colors hover:border-primary/50 hover:bg-secondary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 sm:p-3.5',
                'data-[state=checked]:border-primary data-[state=checked]:bg-primary/[0.04] data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="text-sm font-semibold">{STYLE_LABELS[s]}</span>
                <span
                  className="flex size-5 shrink-0 items-center justify-center rounded-full border border-input bg-background group-data-[state=checked]:border-primary group-data-[state=checked]:bg-primary"
                  aria-hidden
                >
                  <Check className="size-3 text-primary-foreground opacity-0 group-data-[state=checked]:opacity-100" />
                </span>
              </span>
              <span id={descId} className="text-xs leading-snug text-muted-foreground">
                {meta.description}
              </span>
              <span
                className="mt-auto flex h-2.5 overflow-hidden rounded-full ring-1 ring-black/5"
                aria-hidden
              >
                {meta.palette.map((c) => (
                  <span key={c} className="flex-1" style={{ backgroundColor: c }} />
                ))}
              </span>
            </R.Item>
          );
        })}
      </RadioGroup>
    </fieldset>
  );
}
