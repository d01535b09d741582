import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { ReviewReason } from '#shared/constants/review.ts';
import { REVIEW_REASON_LABELS } from '#shared/constants/review.ts';
import { NeedsReviewNotice } from './needs-review-notice.tsx';

const render = (reasons?: ReviewReason[]) =>
  renderToStaticMarkup(
    <Router ssrPath="/">
      <NeedsReviewNotice reasons={reasons} />
    </Router>,
  );

describe('NeedsReviewNotice', () => {
  it('asks for a review before download and points to support, without a list when no reason is known', () => {
    const html = render();
    expect(html).toContain('Please review this image before you download or publish it');
    expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>contact support<\/a>/);
    expect(html).not.toContain('<li');
  });

  it('lists each reason the structure check found in plain words, in the given order', () => {
    const html = render(['window-moved', 'camera-moved']);
    const items = [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
    expect(items).toEqual([REVIEW_REASON_LABELS['window-moved'], REVIEW_REASON_LABELS['camera-moved']]);
    expect(html).not.toContain('window-moved');
  });
});
