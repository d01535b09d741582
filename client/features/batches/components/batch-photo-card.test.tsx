import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { REFUSAL_LABELS, type PhotoRefusal } from '#shared/constants/photo-check.ts';
import type { BatchPhoto } from '../use-batch-setup.ts';
import { BatchPhotoCard } from './batch-photo-card.tsx';

const refused = (refusal?: PhotoRefusal): BatchPhoto => ({
  key: 'k',
  file: new File([], 'photo.jpg'),
  preview: 'blob:x',
  check: {
    kind: 'checked',
    isValid: false,
    roomType: null,
    furnished: null,
    message: 'Refused.',
    ...(refusal ? { refusal } : {}),
  },
  earlierRuns: null,
  roomType: 'living-room',
  included: false,
});

const card = (photo: BatchPhoto) =>
  renderToStaticMarkup(
    <BatchPhotoCard
      photo={photo}
      index={0}
      perPhotoRoom={false}
      onRoomTypeChange={() => undefined}
      onIncludedChange={() => undefined}
      onRemove={() => undefined}
    />,
  );

describe('BatchPhotoCard on a refused photo', () => {
  it.each(['outdoor', 'person', 'document', 'no-room', 'too-small'] as const)(
    'offers no Stage Anyway for a photo refused as %s, and names the kind',
    (kind) => {
      const html = card(refused(kind));
      expect(html).not.toContain('Stage Anyway');
      expect(html).toContain(REFUSAL_LABELS[kind]);
    },
  );

  it('offers Stage Anyway for a room photo refused only for its quality', () => {
    expect(card(refused('blurry'))).toContain('Stage Anyway');
    expect(card(refused('too-dark'))).toContain('Too dark');
  });

  it('offers nothing to override when the server gives no kind', () => {
    const html = card(refused());
    expect(html).not.toContain('Stage Anyway');
    expect(html).toContain('Not a room');
  });
});
