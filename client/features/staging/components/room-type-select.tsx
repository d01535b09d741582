import { ROOM_TYPE_LABELS, ROOM_TYPES, type RoomType } from '#shared/constants/staging.ts';
import { Label } from '#client/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';

export interface RoomTypeSelectProps {
  /** The selected room type; undefined shows the placeholder. */
  value: RoomType | undefined;
  onValueChange: (value: RoomType) => void;
  disabled?: boolean;
  /** Id for the trigger, so the label points at it; pass a unique one if the select appears twice on a page. */
  id?: string;
}

const isRoomType = (v: string): v is RoomType => (ROOM_TYPES as readonly string[]).includes(v);

/** The "Room Type" select: six room types with their display labels. */
export function RoomTypeSelect({ value, onValueChange, disabled, id = 'room-type' }: RoomTypeSelectProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Room Type</Label>
      <Select value={value} onValueChange={(v) => isRoomType(v) && onValueChange(v)} disabled={disabled}>
        <SelectTrigger id={id}>
          <SelectValue placeholder="Select a room type" />
        </SelectTrigger>
        <SelectContent>
          {ROOM_TYPES.map((t) => (
            <SelectItem key={t} value={t}>
              {ROOM_TYPE_LABELS[t]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
