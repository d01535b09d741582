import { MAX_UPLOAD_LABEL, STYLE_COUNT_WORDS } from '#shared/constants/figures.ts';
import { FREE_MONTHLY_TRANSFORMATIONS } from '#shared/constants/plans.ts';
import { ARRANGE_PRICING_NOTE } from '#shared/constants/layout.ts';
import { CREDENTIALS_HELP } from '#shared/constants/content-credentials.ts';

// The ten help-center answers. Figures come from shared/ (the Free plan's allowance, the size limit,
// the styles); the rest is copy: keep it in step with the retention job if that changes.
export const FAQ_ENTRIES = [
  {
    q: 'Is there a free plan for new users?',
    a: `Yes. Every new account starts on the Free plan with ${FREE_MONTHLY_TRANSFORMATIONS} transformations each month, all ${STYLE_COUNT_WORDS} design styles and full-resolution downloads, no card required. Upgrade to Pro or Premium, or buy pay-as-you-go credits, whenever you need more.`,
  },
  {
    q: 'What image formats and sizes are supported?',
    a: `We accept JPEG and PNG photos up to ${MAX_UPLOAD_LABEL}. For the sharpest results upload images of at least 2000×1500 pixels, shot in landscape orientation.`,
  },
  {
    q: 'How long does processing take?',
    a: 'Most images are staged in seconds and nearly all in under five minutes. During busy periods, Pro and Premium subscribers get priority processing.',
  },
  {
    q: 'Are virtually staged photos allowed on the MLS?',
    a: `Most MLS rules allow virtual staging as long as it is disclosed. Every staged image carries a discreet watermark marking it as virtually staged, and you should also mention the staging in your listing remarks. ${CREDENTIALS_HELP} Always check your local MLS rules.`,
  },
  {
    q: 'Will the AI change the walls, windows or floors?',
    a: 'No. Roomstage adds furniture and decor only and is designed to keep the structure of the room (walls, windows, doors and floors) as it is. Please review every image before you publish it, and contact support if anything structural looks different.',
  },
  {
    q: 'Can I try a different style on the same photo?',
    a: `Yes. The first transformation of a new photo uses 1 credit, and your next 2 regenerations of that same photo are free. After that, each further regeneration uses 1 credit. ${ARRANGE_PRICING_NOTE}`,
  },
  {
    q: 'How long do you keep my images?',
    a: 'Original and staged images are kept for about six months so you can download them again from your dashboard, and are then deleted automatically. You can delete any transformation sooner from your history.',
  },
  {
    q: 'What is the difference between a subscription and credits?',
    a: 'A subscription gives you a monthly number of transformations that resets each billing month. Credits are bought once, never expire and are used when your monthly allowance runs out, with no monthly commitment.',
  },
  {
    q: 'What happens if I cancel my subscription?',
    a: 'Your plan stays active until the end of the current billing cycle, and any unused credits stay available in your account. You will not be charged again after cancelling.',
  },
  {
    q: 'How do I contact support?',
    // The phone sentence is added only when a support number is configured (contactAnswer below).
    a: 'Email us or use the contact form. Our team replies within one business day.',
  },
] as const;

export const CONTACT_QUESTION = 'How do I contact support?';

/** The contact answer: phone support is only mentioned when the server has a number to give (SUPPORT_PHONE). */
export const contactAnswer = (phoneSupport: boolean) =>
  phoneSupport
    ? 'Email us or use the contact form. Our team replies within one business day, and Pro and Premium subscribers can also reach us by phone on weekdays.'
    : 'Email us or use the contact form. Our team replies within one business day, and Pro and Premium requests are answered first.';
