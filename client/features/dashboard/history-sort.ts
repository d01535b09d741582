// The History tab's sort and filters. Pure, so they are unit-tested.
import { ROOM_TYPES, STYLES } from '#shared/constants/staging.ts';
import type { Transformation } from '#shared/schemas/staging.ts';
import { displayTitle } from './display-title.ts';

export const SORT_KEYS = ['date', 'style', 'title'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';
export const ALL = 'all';

export interface HistoryView {
  sort: SortKey;
  dir: SortDir;
  style: string;
  room: string;
}

export const DEFAULT_VIEW: HistoryView = { sort: 'date', dir: 'desc', style: ALL, room: ALL };

type Item = Pick<Transformation, 'id' | 'style' | 'roomType' | 'userTitle' | 'createdAt'>;

/** The values that exist in the list, in the enumeration's order (unknown values last). */
function present(values: string[], order: readonly string[]): string[] {
  const set = new Set(values);
  const rank = (v: string) => (order.includes(v) ? order.indexOf(v) : order.length);
  return [...set].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export const filterOptions = (items: readonly Item[]) => ({
  styles: present(
    items.map((t) => t.style),
    STYLES,
  ),
  rooms: present(
    items.map((t) => t.roomType),
    ROOM_TYPES,
  ),
});

const time = (t: Item) => new Date(t.createdAt).getTime();

function compare(a: Item, b: Item, key: SortKey): number {
  if (key === 'style') return a.style.localeCompare(b.style);
  if (key === 'title')
    return displayTitle(a).localeCompare(displayTitle(b), undefined, { sensitivity: 'base' });
  return time(a) - time(b);
}

/** Filters, then sorts; ties fall back to newest first so the order is stable between renders. */
export function applyHistoryView<T extends Item>(items: readonly T[], view: HistoryView): T[] {
  const sign = view.dir === 'asc' ? 1 : -1;
  return items
    .filter(
      (t) =>
        (view.style === ALL || t.style === view.style) && (view.room === ALL || t.roomType === view.room),
    )
    .sort((a, b) => sign * compare(a, b, view.sort) || time(b) - time(a) || a.id.localeCompare(b.id));
}

/** The server's lists of styles and rooms in the history, in the enumerations' order. */
export const orderedOptions = (styles: readonly string[], rooms: readonly string[]) => ({
  styles: present([...styles], STYLES),
  rooms: present([...rooms], ROOM_TYPES),
});

/** The query string of GET /api/transformations/search for a view, a search text and a page. */
export function historySearchParams(view: HistoryView, q: string, page: number, pageSize: number): string {
  const p = new URLSearchParams({
    sort: view.sort,
    dir: view.dir,
    page: String(page),
    pageSize: String(pageSize),
  });
  if (q.trim()) p.set('q', q.trim());
  if (view.style !== ALL) p.set('style', view.style);
  if (view.room !== ALL) p.set('room', view.room);
  return p.toString();
}
