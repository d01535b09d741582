import type { LucideIcon } from 'lucide-react';
import {
  Brush,
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
  Globe,
  QrCode,
  FileText,
  Link2,
  Clock,
  ShieldCheck,
  BadgeCheck,
} from 'lucide-react';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { HelpBlock } from './help-block.tsx';
import { IconItem } from '#client/components/icon-tile.tsx';
import { MAX_UPLOAD_LABEL, STYLE_COUNT_WORDS } from '#shared/constants/figures.ts';
import { LINK_NOTICE_DAYS } from '#shared/constants/disclosure.ts';
import { FURNISH_AREA_HELP_TIP } from '#shared/constants/furnish-area.ts';

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

// The tip guides, in page order: one list rendered by one component, so each guide is data only.
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
      { icon: Brush, title: 'Paint where furniture may go', text: FURNISH_AREA_HELP_TIP },
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
  {
    id: 'disclosure',
    icon: ShieldCheck,
    title: 'Disclosing Virtual Staging',
    intro:
      'Some places, such as California under AB 723, and many MLSs ask that a virtually staged photo says so and that buyers can see the original. Here is what Roomstage gives you for that. It is not legal advice: check the rules that apply to you.',
    tips: [
      {
        icon: Globe,
        title: 'Turn on a public original page',
        text: 'Under a staged photo, or for a whole listing batch, turn on the public page: anyone with the link sees the unaltered original beside the staged version, with a note that the room itself was not changed. No account details are shown.',
      },
      {
        icon: QrCode,
        title: 'Put the link or a QR code on the image',
        text: 'When you download, choose to add the short link, a QR code or both to the "Virtually Staged" mark, so a flyer, portal or social post leads buyers to the original.',
      },
      {
        icon: FileText,
        title: 'Use DISCLOSURE.txt for listing remarks',
        text: 'The ZIP of a listing batch holds the originals, the staged photos and a DISCLOSURE.txt with the disclosure sentence and the links, ready to paste into the remarks field.',
      },
      {
        icon: Link2,
        title: 'Copy, open or revoke the link',
        text: 'Copy the link from the dashboard at any time. Revoke it when the listing is over: the page then says the image was withdrawn.',
      },
      {
        icon: Clock,
        title: 'Published originals are kept',
        text: `While a page is on we keep its photos past the usual deletion. ${LINK_NOTICE_DAYS} days before we would delete them we e-mail you, so you can keep them longer or let the page go.`,
      },
      {
        icon: BadgeCheck,
        title: 'Content Credentials in every download',
        text: 'Every staged JPEG you download, in a listing ZIP or from the public page carries signed Content Credentials (C2PA): a machine-readable note that furniture was added digitally to your photo, with a fingerprint of the original. Portals and browsers that read them show it; you can check a file at contentcredentials.org/verify. Editing the image afterwards breaks the seal.',
      },
      {
        icon: ShieldCheck,
        title: 'Search engines stay out unless you say so',
        text: 'Public pages ask search engines not to list them. Tick "Let search engines list this page" if you want them found.',
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
