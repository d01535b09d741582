// The dashboard's addressable tabs: /dashboard?tab=history etc. (the billing return uses ?tab=billing).
export const DASHBOARD_TABS = [
  'overview',
  'transform',
  'history',
  'favorites',
  'billing',
  'settings',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const isDashboardTab = (v: string | null): v is DashboardTab =>
  v !== null && (DASHBOARD_TABS as readonly string[]).includes(v);

/** The tab named in a query string, or 'overview'. */
export const tabFromSearch = (search: string): DashboardTab => {
  const v = new URLSearchParams(search).get('tab');
  return isDashboardTab(v) ? v : 'overview';
};

export const tabHref = (tab: DashboardTab) => (tab === 'overview' ? '/dashboard' : `/dashboard?tab=${tab}`);
