import { Link } from 'wouter';
import { REVIEW_REASON_LABELS, type ReviewReason } from '#shared/constants/review.ts';

export interface NeedsReviewNoticeProps {
  /** What the structure guard found the AI changed; the notice still shows without any. */
  reasons?: readonly ReviewReason[];
}

/** Shown under a result the structure guard flagged (needsReview), on the home page and in the dashboard. */
export function NeedsReviewNotice({ reasons = [] }: NeedsReviewNoticeProps) {
  return (
    <div
      role="status"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p>
        Our structure check could not confirm that every wall, window and door is unchanged. Please review
        this image before you download or publish it, or try another style.
      </p>
      {reasons.length > 0 && (
        <>
          <p className="font-medium">What the check found:</p>
          <ul className="list-disc pl-5">
            {reasons.map((r) => (
              <li key={r}>{REVIEW_REASON_LABELS[r]}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        If the structure of your room changed,{' '}
        <Link href="/contact" className="font-medium underline underline-offset-2">
          contact support
        </Link>
        .
      </p>
    </div>
  );
}
