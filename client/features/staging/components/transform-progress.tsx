import { useEffect, useRef, useState } from 'react';
import { CheckCircle2, Circle, Clock, Loader2 } from 'lucide-react';
import { STYLE_LABELS, type Style } from '#shared/constants/staging.ts';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { queueStatusText } from '#client/lib/queue-wait.ts';
import { cn } from '#client/lib/utils.ts';
import { useCurrentJob } from '../api.ts';
import { PROGRESS_POLL_MS, progressAt } from '../progress-steps.ts';

export interface TransformProgressProps {
  /**
   * Set to true once the transform request has settled. Until then the bar holds at 95 % at most,
   * so it never claims a finished image the server has not sent.
   */
  isComplete?: boolean;
  /** The chosen style, named in the second step. */
  style?: Style;
  className?: string;
}

const steps = (style?: Style) => [
  { title: 'Analyzing room layout', detail: 'Finding walls, windows, floor and light' },
  {
    title: `Staging with ${style ? STYLE_LABELS[style] : 'your'} furniture`,
    detail: 'Placing pieces to fit the space',
  },
  { title: 'Finishing touches', detail: 'Matching lighting and checking quality' },
];

/** "Processing Your Room..." with a percentage, a bar and three steps. Mount it when the request starts. */
export function TransformProgress({ isComplete = false, style, className }: TransformProgressProps) {
  const [elapsed, setElapsed] = useState(0);

  // The clock starts at mount and survives StrictMode's effect re-run; it stops once complete.
  const startRef = useRef<number | null>(null);
  useEffect(() => {
    if (isComplete) return;
    startRef.current ??= performance.now();
    const start = startRef.current;
    const timer = window.setInterval(() => setElapsed(performance.now() - start), PROGRESS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [isComplete]);

  const { percent, activeStep } = progressAt(elapsed, isComplete);
  // While the job waits for a worker: its place in the queue and the expected wait, from the server.
  const job = useCurrentJob(!isComplete).data;
  const queueText = job && !isComplete ? queueStatusText(job) : null;

  return (
    <Card className={cn('overflow-hidden', className)}>
      <CardContent className="p-5 sm:p-8">
        <div className="flex items-end justify-between gap-4">
          <div>
            <h3 className="text-xl font-semibold tracking-tight">Processing Your Room...</h3>
            <p className="mt-1 text-sm text-muted-foreground">
              This usually takes a few seconds. Please keep this page open.
            </p>
          </div>
          <span className="text-2xl font-bold tabular-nums text-primary sm:text-3xl" aria-hidden>
            {percent}%
          </span>
        </div>
        {queueText && (
          <p
            className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 text-xs font-medium text-primary"
            role="status"
            data-testid="queue-status"
          >
            {job?.state === 'queued' ? (
              <Clock className="size-3.5" aria-hidden />
            ) : (
              <Loader2 className="size-3.5 animate-spin" aria-hidden />
            )}
            {queueText}
          </p>
        )}
        <Progress value={percent} className="mt-5" aria-label="Transformation progress" />
        <ol className="mt-6 grid gap-3 sm:grid-cols-3">
          {steps(style).map((s, i) => {
            const state = i < activeStep ? 'done' : i === activeStep ? 'active' : 'pending';
            return (
              <li
                key={s.title}
                className={cn(
                  'flex gap-3 rounded-lg border p-3 transition-colors',
                  state === 'active' && 'border-primary/40 bg-primary/5',
                  state === 'pending' && 'border-dashed bg-muted/40',
                )}
                aria-current={state === 'active' ? 'step' : undefined}
              >
                {state === 'done' ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-label="Done" />
                ) : state === 'active' ? (
                  <Loader2
                    className="mt-0.5 size-5 shrink-0 animate-spin text-primary"
                    aria-label="In progress"
                  />
                ) : (
                  <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-label="Waiting" />
                )}
                <span>
                  <span
                    className={cn(
                      'block text-sm font-medium',
                      state === 'pending' && 'text-muted-foreground',
                    )}
                  >
                    {s.title}
                  </span>
                  <span className="block text-xs text-muted-foreground">{s.detail}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
