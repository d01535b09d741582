/** Shown under a result the structure guard flagged (needsReview), on the home page and in the dashboard. */
export function NeedsReviewNotice() {
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      Our structure check could not confirm that every wall, window and door is unchanged. Please review this
      image before you publish it, or try another style.
    </p>
  );
}
