import { useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { ROOM_TYPE_LABELS, STYLE_LABELS } from '#shared/constants/staging.ts';
import type { Transformation } from '#shared/schemas/staging.ts';
import { ComparisonSlider } from '#client/components/comparison-slider.tsx';
import { DialogShell } from '#client/components/dialog-shell.tsx';
import { PendingButton } from '#client/components/pending-button.tsx';
import { DisclosureMarkSelect, useDisclosureMark } from '#client/components/disclosure-mark-select.tsx';
import { PublicLinkPanel } from '#client/components/public-link-panel.tsx';
import type { DisclosureMark } from '#shared/constants/disclosure.ts';
import { displayTitle } from '../display-title.ts';
import { LayoutVersions } from './layout-versions.tsx';
import { formatDateTime } from '#client/lib/format.ts';

/** The arrange editor for a transformation, given by the route (a feature does not import another). */
export type ArrangeSlot = (t: Transformation, onSaved: (transformedImage: string) => void) => ReactNode;

interface Props {
  transformation: Transformation | null;
  onOpenChange: (open: boolean) => void;
  onDownload: (t: Transformation, mark: DisclosureMark) => Promise<void>;
  /** Shown for a transformation with a stored layout (the History tab knows its versions). */
  arrange?: ArrangeSlot;
}

/** The image viewer: the before/after comparison, a download button, the details and the public page. */
export function ImageViewerDialog({ transformation, ...rest }: Props) {
  if (!transformation) return null;
  return <Viewer key={transformation.id} t={transformation} {...rest} />;
}

function Viewer({
  t,
  onOpenChange,
  onDownload,
  arrange,
}: Omit<Props, 'transformation'> & { t: Transformation }) {
  const [busy, setBusy] = useState(false);
  // A saved arrangement is the new staged image: the slider shows it at once (the lists refetch).
  const [staged, setStaged] = useState(t.transformedImageUrl);
  const stored = !!t.originalImageUrl && !!t.transformedImageUrl;
  const choice = useDisclosureMark(t.id, stored);
  const title = displayTitle(t);
  const details: [string, string][] = [
    ['Title', title],
    ['Style', STYLE_LABELS[t.style] ?? t.style],
    ['Room Type', ROOM_TYPE_LABELS[t.roomType] ?? t.roomType],
    ['Created', formatDateTime(t.createdAt)],
  ];
  const download = async () => {
    setBusy(true);
    await onDownload(t, choice.mark).finally(() => setBusy(false));
  };
  return (
    <DialogShell
      open
      onOpenChange={onOpenChange}
      content={{ className: 'max-w-4xl' }}
      title={title}
      description="Drag the slider to compare the original and the staged photo."
    >
      {t.originalImageUrl && t.transformedImageUrl ? (
        <ComparisonSlider
          beforeSrc={t.originalImageUrl}
          afterSrc={staged ?? t.transformedImageUrl}
          beforeAlt="Original photo"
          afterAlt={`Staged in the ${STYLE_LABELS[t.style]} style`}
          fit="contain"
          loading="eager"
          label="Compare original and staged photo"
        />
      ) : (
        <p className="rounded-lg bg-muted p-6 text-center text-sm text-muted-foreground">
          This image is not available.
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border bg-secondary/30 p-4 text-sm sm:grid-cols-2">
        {details.map(([k, v]) => (
          <div key={k} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{k}</dt>
            <dd className="mt-0.5 truncate font-medium">{v}</dd>
          </div>
        ))}
        <div className="sm:col-span-2">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Notes</dt>
          <dd className="mt-0.5 whitespace-pre-wrap break-words">{t.userNotes?.trim() || 'No notes'}</dd>
        </div>
      </dl>
      <LayoutVersions versions={t.layoutVersions} className="rounded-lg border p-4" />
      {stored && arrange && (t.layoutVersions?.length ?? 0) > 0 && arrange(t, setStaged)}
      {stored && <PublicLinkPanel target={{ kind: 'photo', id: t.id }} />}
      <div className="flex flex-wrap items-end justify-end gap-3">
        {stored && <DisclosureMarkSelect id={t.id} choice={choice} />}
        <PendingButton
          onClick={() => void download()}
          disabled={busy || !t.transformedImageUrl}
          pending={busy}
          icon={<Download aria-hidden />}
        >
          Download
        </PendingButton>
      </div>
    </DialogShell>
  );
}
