import { z } from 'zod';
import { transformationSchema } from './staging.ts';

export const HISTORY_SORTS = ['date', 'style', 'title'] as const;
export const HISTORY_PAGE_SIZE_MAX = 100;

/** GET /api/transformations/search: the History tab's search, filters, sort and page, done by the server. */
export const historyQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').default(''),
  style: z.string().max(32).default('all'),
  room: z.string().max(32).default('all'),
  sort: z.enum(HISTORY_SORTS, { error: 'sort must be date, style or title' }).default('date'),
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).default('desc'),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(HISTORY_PAGE_SIZE_MAX, `pageSize must be at most ${HISTORY_PAGE_SIZE_MAX}`)
    .default(24),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  items: z.array(transformationSchema),
  /** Matches for the search and filters. */
  total: z.number().int(),
  /** All of the user's transformations. */
  totalAll: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Styles and room types that exist in the user's history, for the filter menus. */
  styles: z.array(z.string()),
  rooms: z.array(z.string()),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;
