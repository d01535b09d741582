import type { ReactNode } from 'react';
import { Loader2, Wand2 } from 'lucide-react';
import { FURNISHED_MESSAGE, type RoomType, type Style } from '#shared/constants/staging.ts';
import type { PlacementState } from '../use-placement-check.ts';
import { PaymentNoticeBox } from './payment-notice.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { RoomTypeSelect } from '#client/components/staging-selects.tsx';
import { FurnishAreaEditor, type FurnishAreaProps } from './furnish-area-editor.tsx';
import { NEXT_STEP } from './next-step-focus.tsx';
import { StylePicker } from './style-picker.tsx';

export interface StagingOptionsCardProps {
  roomType: RoomType | undefined;
  onRoomTypeChange: (value: RoomType) => void;
  style: Style;
  onStyleChange: (value: Style) => void;
  /** False when identification judged the photo unsuitable: the button is disabled and says so. */
  isSuitable?: boolean;
  /** True when identification saw furniture already in the room: a notice, the button stays enabled. */
  furnished?: boolean;
  /** The check before payment (decision 0110): its notice, and the acknowledgement it may need. */
  placement?: PlacementState | undefined;
  /** True while a transform is pending; the button is disabled. */
  isPending?: boolean;
  onTransform: () => void;
  /** Content above the button, e.g. the dashboard's previous styles or credit notice. */
  children?: ReactNode;
  /** Overrides the button text while suitable, e.g. "Regenerate for FREE (2 left)". */
  transformLabel?: string;
  /** Set only when the staging engine can remove existing furniture: the option's state. */
  declutter?: { checked: boolean; onCheckedChange: (checked: boolean) => void } | undefined;
  /** Set only when the engine takes a mask and a photo is chosen: the painted furniture area (decision 0181). */
  furnishArea?: FurnishAreaProps | undefined;
}

/** The card shown once a photo is chosen: Room Type, Style Preference and the Transform Room button. */
export function StagingOptionsCard({
  roomType,
  onRoomTypeChange,
  style,
  onStyleChange,
  isSuitable = true,
  furnished = false,
  placement,
  isPending = false,
  onTransform,
  children,
  transformLabel = 'Transform Room',
  declutter,
  furnishArea,
}: StagingOptionsCardProps) {
  const notice = placement?.notice ?? { kind: 'none' };
  // Furniture the engine works around (or removes) is a note; fewer pieces needs the agent's consent.
  const note = notice.kind === 'none' ? (furnished ? FURNISHED_MESSAGE : null) : notice.message;
  const waiting = placement?.needsAcceptance === true && !placement.accepted;
  const checking = placement?.checking === true;
  const label = !isSuitable
    ? 'Image Not Suitable for Staging'
    : checking
      ? 'Checking the Photo…'
      : waiting && 'button' in notice
        ? notice.button
        : transformLabel;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customize Your Staging</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <RoomTypeSelect value={roomType} onValueChange={onRoomTypeChange} disabled={isPending} />
        <StylePicker value={style} onValueChange={onStyleChange} disabled={isPending} />
        {note && isSuitable && placement?.needsAcceptance ? (
          <PaymentNoticeBox placement={placement} message={note} disabled={isPending} />
        ) : (
          note &&
          isSuitable && (
            <p
              id="payment-notice"
              role="status"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              {note}
            </p>
          )
        )}
        {declutter && <DeclutterOption {...declutter} disabled={isPending} />}
        {furnishArea && <FurnishAreaEditor {...furnishArea} disabled={isPending} />}
        {children}
        <Button
          size="lg"
          className="w-full"
          onClick={onTransform}
          disabled={!isSuitable || isPending || waiting || checking}
          aria-describedby={note && isSuitable ? 'payment-notice' : undefined}
          data-testid="transform-button"
          {...{ [NEXT_STEP.attr]: NEXT_STEP.transform }}
        >
          {isPending || checking ? <Loader2 className="animate-spin" aria-hidden /> : <Wand2 aria-hidden />}
          {label}
        </Button>
      </CardContent>
    </Card>
  );
}

function DeclutterOption({
  checked,
  onCheckedChange,
  disabled,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id="declutter"
        type="checkbox"
        className="peer mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheckedChange(e.target.checked)}
        aria-describedby="declutter-hint"
      />
      <div className="grid gap-1">
        <Label htmlFor="declutter">Remove existing furniture first</Label>
        <p id="declutter-hint" className="text-sm text-muted-foreground">
          For furnished photos: the current furniture is cleared before the room is staged. Costs the same as
          any transformation.
        </p>
      </div>
    </div>
  );
}
