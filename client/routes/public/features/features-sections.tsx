import {
  BedDouble,
  Box,
  Briefcase,
  ChefHat,
  Download,
  House,
  Layers,
  Palette,
  ShieldCheck,
  Sofa,
  Upload,
  UtensilsCrossed,
  Zap,
} from 'lucide-react';
import { STYLE_LABELS, STYLES } from '#shared/constants/staging.ts';
import { FeatureCard } from '#client/features/marketing/feature-card.tsx';
import { Section } from '#client/features/marketing/section.tsx';
import { SectionHeading } from '#client/components/section-heading.tsx';
import { IconItem, IconTile } from '#client/components/icon-tile.tsx';
import { cn } from '#client/lib/utils.ts';
import {
  FREE_REGENERATIONS_FEATURE,
  inWords,
  MAX_UPLOAD_LABEL,
  STYLE_COUNT_TITLE,
  STYLE_COUNT_WORDS,
} from '#shared/constants/figures.ts';
import { FREE_REGENERATIONS } from '#shared/rules/credits.ts';

const FEATURES = [
  {
    icon: Zap,
    title: 'Lightning-Fast Processing',
    text: 'Upload a photo and get a staged version back in seconds instead of waiting days for a staging company.',
    highlight: '2-3 seconds per image',
  },
  {
    icon: Box,
    title: '3D-Aware Furniture Placement',
    text: 'The AI understands depth, perspective and light, so every piece sits naturally in the room while walls, windows and doors stay untouched.',
    highlight: 'Structure preserved',
  },
  {
    icon: Palette,
    title: `${STYLE_COUNT_TITLE} Professional Design Styles`,
    text: `${STYLES.map((s) => STYLE_LABELS[s]).join(', ')}: match the staging to the property and the buyers you want to reach.`,
    highlight: `${STYLES.length} design styles`,
  },
  {
    icon: ShieldCheck,
    title: 'MLS-Compliant Disclosure',
    text: 'Staged images carry a discreet "Virtually Staged" mark. Turn on a public page that shows the unaltered original beside the staged photo, add its link or a QR code to the mark, and get a DISCLOSURE.txt with every listing ZIP: what AB 723-style rules ask for, in plain steps. Every download also carries signed Content Credentials (C2PA) saying the same in a machine-readable form.',
    highlight: 'Disclosure built in',
  },
  {
    icon: Layers,
    title: 'Regenerate and Download in Full Resolution',
    text: `Try another style on the same photo (your first ${inWords(FREE_REGENERATIONS)} regenerations are free) and download full-resolution images for MLS, print and social.`,
    highlight: FREE_REGENERATIONS_FEATURE,
  },
] as const;

/** Five feature cards; on wide screens 3 + 2, with the second row centred. */
export function FeatureGrid() {
  return (
    <Section labelledBy="features-title">
      <SectionHeading
        id="features-title"
        eyebrow="Features"
        title="Professional Staging, Powered by AI"
        description="Built for agents, sellers and property marketers who need listing photos that sell, today rather than next week."
      />
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
        {FEATURES.map((f, i) => (
          <li
            key={f.title}
            className={cn('lg:col-span-2', i === 3 && 'lg:col-start-2', i === 4 && 'sm:col-span-2')}
          >
            <FeatureCard icon={f.icon} title={f.title} highlight={f.highlight}>
              {f.text}
            </FeatureCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const ROOMS = [
  {
    icon: Sofa,
    title: 'Living Rooms',
    text: 'Sofas, rugs and coffee tables that define a welcoming gathering space.',
  },
  {
    icon: BedDouble,
    title: 'Bedrooms',
    text: 'Beds, nightstands and soft textiles that feel calm and restful.',
  },
  {
    icon: ChefHat,
    title: 'Kitchens',
    text: 'Stools, accessories and warm touches that make the kitchen the heart of the home.',
  },
  {
    icon: UtensilsCrossed,
    title: 'Dining Rooms',
    text: 'Tables, chairs and lighting sized to show how many the room seats.',
  },
  {
    icon: Briefcase,
    title: 'Home Offices',
    text: 'Desks, shelving and task chairs that show off a productive workspace.',
  },
  {
    icon: House,
    title: 'Any Interior',
    text: 'Dens, nurseries, bonus rooms and more: if it is a room, we can stage it.',
  },
] as const;

export function RoomTypesGrid() {
  return (
    <Section tone="muted" labelledBy="room-types-title">
      <SectionHeading
        id="room-types-title"
        eyebrow="Room types"
        title="Stage Every Room in the House"
        description="Our AI detects the room type automatically and furnishes it with pieces that fit its purpose and proportions."
      />
      <ul className="mt-12 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ROOMS.map((r) => (
          <IconItem
            key={r.title}
            className="gap-4 rounded-xl border bg-card p-5 shadow-xs"
            lead={
              <IconTile
                icon={r.icon}
                className="size-12 rounded-xl bg-brand-accent/20 text-accent-foreground"
                iconClassName="size-6"
              />
            }
            title={r.title}
            text={r.text}
          />
        ))}
      </ul>
    </Section>
  );
}

const STEPS = [
  {
    icon: Upload,
    title: 'Upload Photo',
    text: `Drop in a JPEG or PNG of an empty room, up to ${MAX_UPLOAD_LABEL}. Bright, wide shots work best.`,
  },
  {
    icon: Palette,
    title: 'Select Style',
    text: `Pick one of ${STYLE_COUNT_WORDS} design styles and confirm the room type we detected.`,
  },
  {
    icon: Download,
    title: 'Download Result',
    text: 'Compare before and after, then download your full-resolution staged photo.',
  },
] as const;

export function HowItWorks() {
  return (
    <Section labelledBy="how-title">
      <SectionHeading id="how-title" eyebrow="How it works" title="Three Steps to a Staged Listing" />
      <div className="relative mt-12">
        {/* The connecting line behind the step numbers on wide screens. */}
        <div
          className="absolute left-[16.66%] right-[16.66%] top-7 hidden h-px bg-border md:block"
          aria-hidden
        />
        <ol className="relative grid gap-8 md:grid-cols-3 md:gap-6">
          {STEPS.map((s, i) => (
            <li key={s.title} className="relative flex flex-col items-center text-center">
              <span className="relative flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-md ring-8 ring-background">
                <s.icon className="size-6" aria-hidden />
                <span className="absolute -right-1 -top-1 flex size-6 items-center justify-center rounded-full bg-brand-accent text-xs font-bold text-foreground">
                  {i + 1}
                </span>
              </span>
              <h3 className="mt-5 text-lg font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {s.title}
              </h3>
              <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted-foreground">{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}
