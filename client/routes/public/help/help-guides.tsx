import type { LucideIcon } from 'lucide-react';
import {
  Camera,
  CheckCircle2,
  CreditCard,
  Heart,
  ImageIcon,
  History,
  Lightbulb,
  ListFilter,
  Maximize,
  Palette,
  PencilLine,
  Rocket,
  Sun,
  Trash2,
  LayoutDashboard,
} from 'lucide-react';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { HelpBlock } from './help-block.tsx';
import { IconItem } from '#client/components/icon-tile.tsx';
import { MAX_UPLOAD_LABEL, STYLE_COUNT_WORDS } from '#shared/constants/figures.ts';

const STEPS = [
  {
    title: 'Create your free account',
    text: 'Sign up with your business email and confirm it from the link we send you.',
  },
  {
    title: 'Upload a photo of an empty room',
    text: `Drag a JPEG or PNG (up to ${MAX_UPLOAD_LABEL}) into the upload area on the home page or the Transform tab of your dashboard.`,
  },
  {
    title: 'Choose the room type and style',
    text: `We detect the room type for you; check it, then pick one of the ${STYLE_COUNT_WORDS} design styles.`,
  },
  {
    title: 'Transform, compare and download',
    text: 'Click Transform Room, drag the slider to compare before and after, then download your staged photo.',
  },
] as const;

export function GettingStarted() {
  return (
    <HelpBlock
      id="getting-started"
      icon={Rocket}
      title="Getting Started"
      intro="Stage your first room in four simple steps."
    >
      <ol className="grid gap-4 sm:grid-cols-2">
        {STEPS.map((s, i) => (
          <li key={s.title}>
            <Card className="h-full">
              <IconItem
                as="div"
                className="gap-4 p-5"
                lead={
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                    {i + 1}
                  </span>
                }
                title={s.title}
                text={s.text}
              />
            </Card>
          </li>
        ))}
      </ol>
    </HelpBlock>
  );
}

// The two tip guides, in page order: one list rendered by one component, so each guide is data only.
const TIP_GUIDES: readonly {
  id: string;
  icon: LucideIcon;
  title: string;
  intro: string;
  tips: readonly { icon: LucideIcon; title: string; text: string }[];
}[] = [
  {
    id: 'pro-tips',
    icon: Lightbulb,
    title: 'Pro Tips for Best Results',
    intro: 'Small changes at the shoot make a big difference in the staged photo.',
    tips: [
      {
        icon: Sun,
        title: 'Shoot in bright, natural light',
        text: 'Open blinds and turn on lights. Well-lit rooms give cleaner, more realistic staging.',
      },
      {
        icon: Maximize,
        title: 'Capture the whole room',
        text: 'Use a wide angle and include the floor and corners so furniture is placed at the right scale.',
      },
      {
        icon: CheckCircle2,
        title: 'Start with a vacant, clean room',
        text: 'Remove boxes, cords and leftover items. Empty rooms produce the best results.',
      },
      {
        icon: Camera,
        title: 'Shoot from the entryway at chest height',
        text: 'A doorway or corner angle shows depth and flow. Keep the camera level to avoid tilted walls.',
      },
      {
        icon: ImageIcon,
        title: 'Upload high-resolution photos',
        text: 'Images of 2000×1500 pixels or more give the sharpest downloads for MLS and print.',
      },
      {
        icon: Palette,
        title: 'Match the style to your buyers',
        text: 'Modern and Minimalist suit city condos; Traditional and Scandinavian suit family homes. Try a couple.',
      },
    ],
  },
  {
    id: 'dashboard',
    icon: LayoutDashboard,
    title: 'Managing Your Dashboard',
    intro: 'Keep every listing’s photos organized in one place.',
    tips: [
      {
        icon: PencilLine,
        title: 'Add titles and notes',
        text: 'Name each transformation after the listing and room, and keep notes for your team or client.',
      },
      {
        icon: Heart,
        title: 'Favorite your best shots',
        text: 'Star the images you plan to publish; they collect in the Favorites tab for quick download.',
      },
      {
        icon: ListFilter,
        title: 'Sort and filter your history',
        text: 'Sort by date, style or title, and filter by style or room type to find any image fast.',
      },
      {
        icon: History,
        title: 'Search past transformations',
        text: 'Search the History tab by title, notes, style or room to re-download a photo instead of re-staging it.',
      },
      {
        icon: CreditCard,
        title: 'Track usage and credits',
        text: 'The Overview shows this month’s usage, your credit balance and the date your allowance resets.',
      },
      {
        icon: Trash2,
        title: 'Tidy up when a listing closes',
        text: 'Delete transformations you no longer need; images are removed for good.',
      },
    ],
  },
];

/** "Pro Tips" and "Managing Your Dashboard": each a two-column list of icon + title + text in one card. */
export function TipGuides() {
  return TIP_GUIDES.map((g) => (
    <HelpBlock key={g.id} id={g.id} icon={g.icon} title={g.title} intro={g.intro}>
      <Card>
        <CardContent className="p-0">
          <ul className="grid divide-y sm:grid-cols-2 sm:divide-y-0">
            {g.tips.map((t) => (
              <IconItem
                key={t.title}
                className="p-5 sm:border-b sm:odd:border-r sm:[&:nth-last-child(-n+2)]:border-b-0"
                lead={<t.icon className="mt-0.5 size-5 shrink-0 text-brand-accent" aria-hidden />}
                title={t.title}
                text={t.text}
                titleClassName="font-medium"
              />
            ))}
          </ul>
        </CardContent>
      </Card>
    </HelpBlock>
  ));
}
