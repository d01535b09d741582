import { Link } from 'wouter';
import { AlertCircle, Coins, Loader2, Wand2 } from 'lucide-react';
import { ROOM_TYPE_LABELS, ROOM_TYPES, STYLE_LABELS, STYLES, type Style } from '#shared/constants/staging.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { batchCostText, shortfallText, type BatchCost } from '../batch-cost.ts';
import type { RoomChoice } from '../use-batch-setup.ts';

export interface BatchOptionsCardProps {
  style: Style;
  onStyleChange: (s: Style) => void;
  roomChoice: RoomChoice;
  onRoomChoiceChange: (r: RoomChoice) => void;
  /** Photos that will be staged, and how many were left out. */
  count: number;
  leftOut: number;
  cost: BatchCost | null;
  checking: boolean;
  canStart: boolean;
  isStarting: boolean;
  onStart: () => void;
}

const isStyle = (v: string): v is Style => (STYLES as readonly string[]).includes(v);
const isRoomChoice = (v: string): v is RoomChoice =>
  v === 'per-photo' || (ROOM_TYPES as readonly string[]).includes(v);

/** One style (and room type) for the listing, the price before paying, and the start. */
export function BatchOptionsCard(p: BatchOptionsCardProps) {
  const short = p.cost ? shortfallText(p.cost) : null;
  return (
    <Card className="lg:sticky lg:top-6">
      <CardHeader>
        <CardTitle>Stage the Listing</CardTitle>
        <CardDescription>One style for every photo; room types as detected, or one for all.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor="batch-style">Style</Label>
          <Select
            value={p.style}
            onValueChange={(v) => isStyle(v) && p.onStyleChange(v)}
            disabled={p.isStarting}
          >
            <SelectTrigger id="batch-style">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STYLES.map((s) => (
                <SelectItem key={s} value={s}>
                  {STYLE_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="batch-room">Room Type</Label>
          <Select
            value={p.roomChoice}
            onValueChange={(v) => isRoomChoice(v) && p.onRoomChoiceChange(v)}
            disabled={p.isStarting}
          >
            <SelectTrigger id="batch-room">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="per-photo">Per photo (as detected)</SelectItem>
              {ROOM_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  All photos: {ROOM_TYPE_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <div
          className="rounded-lg border bg-muted/40 p-3 text-sm"
          data-testid="batch-cost"
          aria-live="polite"
        >
          <p className="flex items-center gap-2 font-medium">
            <Coins className="size-4 text-primary" aria-hidden />
            {p.count} {p.count === 1 ? 'photo' : 'photos'} to stage
            {p.leftOut > 0 && (
              <span className="font-normal text-muted-foreground">({p.leftOut} left out)</span>
            )}
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
        <Button type="button" size="lg" onClick={p.onStart} disabled={!p.canStart}>
          {p.isStarting ? <Loader2 className="animate-spin" aria-hidden /> : <Wand2 aria-hidden />}
          {p.isStarting ? 'Uploading Photos…' : `Stage ${p.count} ${p.count === 1 ? 'Photo' : 'Photos'}`}
        </Button>
      </CardContent>
    </Card>
  );
}
