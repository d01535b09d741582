import { OptionSelect, type SelectOption } from '#client/components/option-select.tsx';

interface Props<T extends string> {
  id: string;
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  className?: string;
}

/** A small labelled select for the history toolbar: the label in the toolbar's small caption style. */
export function LabelledSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  className,
}: Props<T>) {
  return (
    <OptionSelect
      id={id}
      label={label}
      ariaLabel={label}
      labelClassName="mb-1.5 block text-xs font-medium text-muted-foreground"
      className={className ?? ''}
      value={value}
      options={options}
      onValueChange={onChange}
    />
  );
}
