import {
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
  STYLE_LABELS,
  STYLES,
  type RoomType,
  type Style,
} from '#shared/constants/staging.ts';
import { OptionSelect, type OptionSelectProps, type SelectOption } from './option-select.tsx';

export const ROOM_TYPE_OPTIONS: readonly SelectOption<RoomType>[] = ROOM_TYPES.map((t) => ({
  value: t,
  label: ROOM_TYPE_LABELS[t],
}));
export const STYLE_OPTIONS: readonly SelectOption<Style>[] = STYLES.map((s) => ({
  value: s,
  label: STYLE_LABELS[s],
}));

type Props<T extends string> = Omit<OptionSelectProps<T>, 'options'>;

/**
 * The "Room Type" select: six room types with their display labels. Give a unique `id` if the select
 * appears twice on a page; without a visible label, give `ariaLabel`.
 */
export function RoomTypeSelect({
  id = 'room-type',
  label = 'Room Type',
  placeholder = 'Select a room type',
  ...props
}: Props<RoomType>) {
  return (
    <OptionSelect options={ROOM_TYPE_OPTIONS} id={id} label={label} placeholder={placeholder} {...props} />
  );
}

/** The "Style" select, for places too small for the style picker's cards. */
export function StyleSelect({ id = 'style', label = 'Style', ...props }: Props<Style>) {
  return <OptionSelect options={STYLE_OPTIONS} id={id} label={label} {...props} />;
}
