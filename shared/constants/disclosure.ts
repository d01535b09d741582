// Disclosure of virtual staging (issue 32, decisions 0185-0189): the words of the public original page,
// the choices of the mark on a download, and the figures of keeping published originals.

/** Under the staged image on the public page, on the listing page and in DISCLOSURE.txt (exact copy). */
export const STAGING_DISCLOSURE =
  'Virtually staged: furniture and decor were added digitally; the room itself is shown unaltered in the original';
export const ORIGINAL_LABEL = 'Original photo (unaltered)';
export const STAGED_LABEL = 'Virtually staged version';
export const WITHDRAWN_TITLE = 'This image was withdrawn';
export const WITHDRAWN_TEXT =
  'The agent who published this link has withdrawn it. The photos it showed are no longer available here.';

/** What the mark on a downloaded image carries besides "Virtually Staged"; the agent chooses per download. */
export const DISCLOSURE_MARKS = ['none', 'link', 'qr', 'both'] as const;
export type DisclosureMark = (typeof DISCLOSURE_MARKS)[number];
export const DISCLOSURE_MARK_LABELS: Record<DisclosureMark, string> = {
  none: 'Mark only',
  link: 'Mark with short link',
  qr: 'Mark with QR code',
  both: 'Mark with QR code and short link',
};
/** The mark with a QR code and/or link never covers more than this share of the photo's area. */
export const DISCLOSURE_MAX_SHARE = 0.04;

/** Days before a published original would be deleted that its owner is e-mailed. */
export const LINK_NOTICE_DAYS = 14;
/** Turning a page on keeps its images at least this long from that day; "Keep longer" adds as much again. */
export const LINK_KEEP_DAYS = 180;

/** Told to the owner when the page is turned on (and on the privacy page). */
export const LINK_KEEPS_ORIGINALS = `While a public page is on, we keep its original and staged photos, even past the usual deletion after the retention period. ${LINK_NOTICE_DAYS} days before we would delete them we e-mail you, so you can keep them longer or let the page go.`;

export const NEEDS_PUBLIC_LINK =
  'Turn on the public original page for this photo first: the link and QR code point to it.';
