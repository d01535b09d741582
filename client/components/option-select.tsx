import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select.tsx';
import { Label } from './ui/label.tsx';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface OptionSelectProps<T extends string> {
  options: readonly SelectOption<T>[];
  /** The selected value; undefined shows the placeholder. */
  value: T | undefined;
  /** Called only with one of the options' values (Radix hands back a plain string). */
  onValueChange: (value: T) => void;
  /** The trigger's id, which the visible label points at. */
  id?: string;
  /** A visible label above the select; without one, give `ariaLabel`. */
  label?: string;
  labelClassName?: string;
  ariaLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  /** The wrapper's classes when there is a label (default: a two-row grid). */
  className?: string;
  triggerClassName?: string;
}

/** A select over a fixed list of options, with or without a visible label. */
export function OptionSelect<T extends string>({
  options,
  value,
  onValueChange,
  id,
  label,
  labelClassName,
  ariaLabel,
  placeholder,
  disabled,
  className = 'grid gap-2',
  triggerClassName,
}: OptionSelectProps<T>) {
  const select = (
    <Select
      value={value}
      onValueChange={(v) => {
        const option = options.find((o) => o.value === v);
        if (option) onValueChange(option.value);
      }}
      disabled={disabled}
    >
      <SelectTrigger id={id} aria-label={ariaLabel} className={triggerClassName}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
  if (label === undefined) return select;
  return (
    <div className={className}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {select}
    </div>
  );
}
