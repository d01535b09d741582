import { DoorOpen, Lightbulb, Maximize, Sparkles } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { IconItem, IconTile } from '#client/components/icon-tile.tsx';
import { cn } from '#client/lib/utils.ts';

const TIPS = [
  {
    icon: Lightbulb,
    title: 'Use bright natural lighting',
    text: 'Open blinds and shoot in daylight so the AI can read the room clearly.',
  },
  {
    icon: Maximize,
    title: 'Capture the full room',
    text: 'Show the floor, walls and corners so furniture can be placed at the right scale.',
  },
  {
    icon: Sparkles,
    title: 'Keep rooms completely vacant and clean',
    text: 'Remove boxes, cords and clutter; empty rooms give the best results.',
  },
  {
    icon: DoorOpen,
    title: 'Shoot from the entryway',
    text: 'A corner or doorway angle at chest height shows depth and flow.',
  },
] as const;

/** "Best Practices for Virtual Staging": the four photo tips shown next to the upload area. */
export function BestPracticesCard({ className }: { className?: string }) {
  return (
    <Card className={cn('bg-secondary/40', className)}>
      <CardHeader>
        <CardTitle className="text-lg">Best Practices for Virtual Staging</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-2">
          {TIPS.map((t) => (
            <IconItem
              key={t.title}
              lead={
                <IconTile icon={t.icon} className="size-9 bg-background shadow-xs" iconClassName="size-4" />
              }
              title={t.title}
              text={t.text}
              titleClassName="text-sm font-medium"
              textClassName="text-sm text-muted-foreground"
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
