import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Download, ImagePlus, Info, Loader2, RefreshCw, Sparkles } from 'lucide-react';
import { STYLE_LABELS, type RoomType, type Style } from '#shared/constants/staging.ts';
import { ComparisonSlider } from '#client/components/comparison-slider.tsx';
import { DisclosureMarkSelect, useDisclosureMark } from '#client/components/disclosure-mark-select.tsx';
import { PublicLinkPanel } from '#client/components/public-link-panel.tsx';
import { IconTile } from '#client/components/icon-tile.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { useAuth } from '#client/hooks/use-auth.ts';
import { downloadTransformation } from '#client/lib/download.ts';

/** Plans whose subscribers get the 2x download (the server checks it too). */
const HIGH_RES_PLANS = ['pro', 'premium'];

/** The transform result fields the card shows. */
export interface TransformResultView {
  id: string;
  originalImage: string;
  transformedImage: string;
  /** Seconds. */
  processingTime: number;
  style: Style;
  /** Percent, 0-100. */
  confidence: number;
  roomType?: RoomType;
}

export interface TransformResultCardProps {
  result: TransformResultView;
  /** Pixel size of the result, when known, so the comparison keeps the photo's proportions. Defaults to 4:3. */
  imageWidth?: number;
  imageHeight?: number;
  /** False when the photo was judged unsuitable: "Try Different Style" then reads "Image Not Suitable" and is disabled. */
  isSuitable?: boolean;
  /** Disables "Try Different Style" for another reason than suitability, e.g. no credits left. */
  tryDisabled?: boolean;
  /** What the next "Try Different Style" costs, shown under the buttons before it is clicked. */
  costNote?: ReactNode;
  /** True while a re-run is in flight; disables the buttons. */
  isRegenerating?: boolean;
  /** Re-runs the transform (usually after the user picks another style). */
  onTryDifferentStyle: () => void;
  /** Clears the file and the result. */
  onNewImage: () => void;
  /** Extra content under the buttons, e.g. the dashboard's regeneration count. */
  children?: ReactNode;
}

/** "Your Transformed Room": the comparison, three stats and the three actions. */
export function TransformResultCard({
  result,
  imageWidth,
  imageHeight,
  isSuitable = true,
  tryDisabled = false,
  costNote,
  isRegenerating = false,
  onTryDifferentStyle,
  onNewImage,
  children,
}: TransformResultCardProps) {
  const [downloading, setDownloading] = useState<false | 'standard' | '2x'>(false);
  const { user } = useAuth();
  const highRes = !!user && HIGH_RES_PLANS.includes(user.subscriptionPlan);
  const choice = useDisclosureMark(result.id, !!user);
  const styleLabel = STYLE_LABELS[result.style];
  const cardRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  // A new result replaces the progress view: bring it into view (a phone would leave it below the fold) and
  // move keyboard focus to its title, so Tab continues into the result instead of from <body>.
  useEffect(() => {
    titleRef.current?.focus({ preventScroll: true });
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    cardRef.current?.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [result.transformedImage]);

  const download = async (size: 'standard' | '2x' = 'standard') => {
    setDownloading(size);
    try {
      await downloadTransformation(result.id, size, choice.mark);
      toast({ title: 'Download Started', description: 'Your staged photo is being saved.' });
    } catch (err) {
      toast({
        title: 'Download Failed',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  const stats = [
    { label: 'Processing Time', value: `${result.processingTime.toFixed(1)}s` },
    { label: 'Style', value: styleLabel },
    { label: 'AI Confidence', value: `${Math.round(result.confidence)}%` },
  ];

  return (
    <Card ref={cardRef} className="scroll-mt-20" data-testid="transform-result">
      <CardHeader className="flex-row items-center gap-3 space-y-0 p-4 sm:p-6">
        <IconTile icon={Sparkles} className="rounded-full bg-success/15 text-success" />
        <CardTitle ref={titleRef} tabIndex={-1} className="outline-none focus-visible:underline">
          Your Transformed Room
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 p-4 pt-0 sm:p-6 sm:pt-0">
        <div>
          <ComparisonSlider
            beforeSrc={result.originalImage}
            afterSrc={result.transformedImage}
            beforeAlt="Your original photo of the empty room"
            afterAlt={`The room virtually staged in the ${styleLabel} style`}
            width={imageWidth}
            height={imageHeight}
            fit="contain"
            loading="eager"
            label="Compare original and staged photo"
          />
          <p className="mt-2 text-center text-sm text-muted-foreground">
            Drag the slider to see the before and after transformation
          </p>
        </div>

        {/* The style column is wider: "Scandinavian" fits on one line in a phone's card instead of breaking. */}
        <dl className="grid grid-cols-[1fr_1.35fr_1fr] divide-x rounded-lg border bg-secondary/40 text-center">
          {stats.map((s) => (
            <div key={s.label} className="min-w-0 px-1 py-3 sm:px-2 sm:py-4">
              <dt className="text-xs text-muted-foreground sm:text-sm">{s.label}</dt>
              {/* Anything longer still wraps rather than overflowing the cell. */}
              <dd className="mt-1 text-sm font-semibold [overflow-wrap:anywhere] sm:text-lg">{s.value}</dd>
            </div>
          ))}
        </dl>

        {user && <DisclosureMarkSelect id={result.id} choice={choice} />}

        <div className="grid gap-2 sm:grid-cols-3">
          <Button onClick={() => void download()} disabled={!!downloading}>
            {downloading === 'standard' ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <Download aria-hidden />
            )}
            Download
          </Button>
          <Button
            variant="outline"
            onClick={onTryDifferentStyle}
            disabled={!isSuitable || tryDisabled || isRegenerating}
          >
            {isRegenerating ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
            {isSuitable ? 'Try Different Style' : 'Image Not Suitable'}
          </Button>
          <Button variant="outline" onClick={onNewImage} disabled={isRegenerating}>
            <ImagePlus aria-hidden /> New Image
          </Button>
        </div>

        {highRes ? (
          <Button
            variant="link"
            className="h-auto justify-self-center p-0"
            onClick={() => void download('2x')}
            disabled={!!downloading}
          >
            {downloading === '2x' && <Loader2 className="animate-spin" aria-hidden />}
            Download High-Res (2x)
          </Button>
        ) : (
          <p className="text-center text-xs text-muted-foreground">
            High-res (2x) downloads come with{' '}
            <Link href="/pricing" className="font-medium underline underline-offset-2">
              Pro and Premium
            </Link>
            .
          </p>
        )}

        {costNote && (
          <p data-testid="regeneration-cost" className="text-center text-sm text-muted-foreground">
            {costNote}
          </p>
        )}

        {children}

        {user && <PublicLinkPanel target={{ kind: 'photo', id: result.id }} />}

        <p className="flex gap-2 rounded-lg bg-accent px-3 py-2.5 text-xs leading-relaxed text-accent-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Please review the staged photo before using it in a listing. If walls, windows or doors look
            changed,{' '}
            <Link href="/contact" className="font-medium underline underline-offset-2">
              contact support
            </Link>
            .
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
