import { Link } from 'wouter';
import { AlertCircle, Coins, Wand2 } from 'lucide-react';
import { FURNISH_AREA_BATCH_NOTE } from '#shared/constants/furnish-area.ts';
import type { Style } from '#shared/constants/staging.ts';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { OptionSelect, type SelectOption } from '#client/components/option-select.tsx';
import { PendingButton } from '#client/components/pending-button.tsx';
import { ROOM_TYPE_OPTIONS, StyleSelect } from '#client/components/staging-selects.tsx';
import { BATCH_NEXT_STEP } from './batch-next-step.tsx';
import { batchCostText, chooseRoomTypeCount, shortfallText, type BatchCost } from '../batch-cost.ts';
import type { RoomChoice } from '../use-batch-setup.ts';

export interface BatchOptionsCardProps {
  style: Style;
  onStyleChange: (s: Style) => void;
  roomChoice: RoomChoice;
  onRoomChoiceChange: (r: RoomChoice) => void;
  /** The same furniture designs in every photo (decision 0256). */
  sameFurniture: boolean;
  onSameFurnitureChange: (v: boolean) => void;
  /** Photos that will be staged, and how many were left out. */
  count: number;
  leftOut: number;
  cost: BatchCost | null;
  checking: boolean;
  /** Photos that need a room type chosen before the batch can start. */
  missingRoomType: number;
  canStart: boolean;
  isStarting: boolean;
  onStart: () => void;
  /** A masked engine: say that every photo is furnished in its automatic area (decision 0214). */
  automaticArea?: boolean;
}

const ROOM_CHOICES: readonly SelectOption<RoomChoice>[] = [
  { value: 'per-photo', label: 'Per photo (as detected)' },
  ...ROOM_TYPE_OPTIONS.map((o) => ({ value: o.value, label: `All photos: ${o.label}` })),
];

/** One style (and room type) for the listing, the price before paying, and the start. */
export function BatchOptionsCard(p: BatchOptionsCardProps) {
  const short = p.cost ? shortfallText(p.cost) : null;
  return (
    <TitledCard
      className="lg:sticky lg:top-6"
      title="Stage the Listing"
      description="One style for every photo; room types as detected, or one for all."
      contentClassName="grid gap-5"
    >
      <StyleSelect id="batch-style" value={p.style} onValueChange={p.onStyleChange} disabled={p.isStarting} />
      <OptionSelect
        id="batch-room"
        label="Room Type"
        options={ROOM_CHOICES}
        value={p.roomChoice}
        onValueChange={p.onRoomChoiceChange}
        disabled={p.isStarting}
      />
      <div className="flex items-start gap-3">
        <Checkbox
          id="batch-same-furniture"
          className="mt-0.5"
          checked={p.sameFurniture}
          onCheckedChange={(v) => p.onSameFurnitureChange(v === true)}
          disabled={p.isStarting}
          aria-describedby="batch-same-furniture-hint"
        />
        <div className="grid gap-1">
          <Label htmlFor="batch-same-furniture">Same furniture in every photo</Label>
          <p id="batch-same-furniture-hint" className="text-sm text-muted-foreground">
            Every room of this listing shows the same sofa, bed and chairs. Untick for designs chosen photo by
            photo.
          </p>
        </div>
      </div>
      {p.automaticArea && (
        <p className="text-sm text-muted-foreground" data-testid="batch-area-note">
          {FURNISH_AREA_BATCH_NOTE}
        </p>
      )}
      <div className="rounded-lg border bg-muted/40 p-3 text-sm" data-testid="batch-cost" aria-live="polite">
        <p className="flex items-center gap-2 font-medium">
          <Coins className="size-4 text-primary" aria-hidden />
          {p.count} {p.count === 1 ? 'photo' : 'photos'} to stage
          {p.leftOut > 0 && <span className="font-normal text-muted-foreground">({p.leftOut} left out)</span>}
        </p>
        <p className="mt-1 text-muted-foreground">
          {p.checking
            ? 'Checking photos…'
            : p.cost
              ? `Cost: ${batchCostText(p.cost)}.`
              : 'Loading your balance…'}
        </p>
        {p.cost && !p.cost.unlimited && !p.checking && (
          <p className="mt-1 text-muted-foreground">
            You have {p.cost.available}{' '}
            {p.cost.available === 1 ? 'transformation or credit' : 'transformations or credits'} left.
          </p>
        )}
      </div>
      {p.missingRoomType > 0 && (
        <p
          role="status"
          data-testid="batch-missing-room-type"
          className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {chooseRoomTypeCount(p.missingRoomType)}
        </p>
      )}
      {short && (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            {short}{' '}
            <Link href="/pricing" className="font-medium underline underline-offset-2">
              See plans and credits
            </Link>
          </p>
        </div>
      )}
      <PendingButton
        type="button"
        size="lg"
        onClick={p.onStart}
        {...{ [BATCH_NEXT_STEP.attr]: BATCH_NEXT_STEP.start }}
        disabled={!p.canStart}
        pending={p.isStarting}
        icon={<Wand2 aria-hidden />}
        pendingLabel="Uploading Photos…"
      >
        {`Stage ${p.count} ${p.count === 1 ? 'Photo' : 'Photos'}`}
      </PendingButton>
    </TitledCard>
  );
}
