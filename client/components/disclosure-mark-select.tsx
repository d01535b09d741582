import { useState } from 'react';
import {
  DISCLOSURE_MARK_LABELS,
  DISCLOSURE_MARKS,
  type DisclosureMark,
} from '#shared/constants/disclosure.ts';
import { OptionSelect } from '#client/components/option-select.tsx';
import { usePublicLink } from '#client/lib/public-links.ts';

/**
 * The agent's per-download choice of what the "Virtually Staged" mark carries. The link and QR code point
 * to the photo's public original page, so they are offered once it is on; until then the choice is "none".
 */
export function useDisclosureMark(transformationId: string, enabled: boolean) {
  const [mark, setMark] = useState<DisclosureMark>('none');
  const link = usePublicLink({ kind: 'photo', id: transformationId }, enabled);
  const live = !!link.data?.link;
  const options = DISCLOSURE_MARKS.filter((m) => m === 'none' || live).map((m) => ({
    value: m,
    label: DISCLOSURE_MARK_LABELS[m],
  }));
  return { mark: live ? mark : ('none' as const), setMark, options };
}

export function DisclosureMarkSelect({
  id,
  choice,
}: {
  id: string;
  choice: ReturnType<typeof useDisclosureMark>;
}) {
  // Until the public page is on there is nothing to choose: the mark is the plain one.
  if (choice.options.length < 2) return null;
  return (
    <OptionSelect
      id={`disclosure-mark-${id}`}
      label="On the downloaded image"
      labelClassName="text-sm font-medium"
      value={choice.mark}
      options={choice.options}
      onValueChange={choice.setMark}
    />
  );
}
