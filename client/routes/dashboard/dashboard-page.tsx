import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Heart, History, LayoutDashboard, Lock, Settings, Wand2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { PageSpinner } from '#client/components/page-spinner.tsx';
import { useAuth } from '#client/hooks/use-auth.ts';
import { AFTER_PURCHASE, invalidateAll } from '#client/lib/query-keys.ts';
import { useRedirectOnUnauthorized } from '#client/features/dashboard/api.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { DASHBOARD_TABS, tabFromSearch, tabHref, type DashboardTab } from './dashboard-tabs.ts';
import { BillingTab } from './tabs/billing-tab.tsx';
import { FavoritesTab } from './tabs/favorites-tab.tsx';
import { HistoryTab } from './tabs/history-tab.tsx';
import { OverviewTab } from './tabs/overview-tab.tsx';
import { SettingsTab } from './tabs/settings-tab.tsx';
import { StagingModes } from './tabs/staging-modes.tsx';

const TAB_LABELS: { value: DashboardTab; label: string; icon: typeof Wand2 }[] = [
  { value: 'overview', label: 'Overview', icon: LayoutDashboard },
  { value: 'transform', label: 'Transform', icon: Wand2 },
  { value: 'history', label: 'History', icon: History },
  { value: 'favorites', label: 'Favorites', icon: Heart },
  { value: 'billing', label: 'Billing', icon: CreditCard },
  { value: 'settings', label: 'Settings', icon: Settings },
];

function SignInRequired() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-12">
      <Card className="w-full text-center">
        <CardHeader>
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Lock className="size-6" aria-hidden />
          </span>
          {/* The page's one heading: a visitor lands here from a link to /dashboard. */}
          <h1 className="mt-2 text-2xl font-semibold leading-tight tracking-tight">Sign In Required</h1>
          <CardDescription>
            Please sign in to see your dashboard, transformations and billing.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link href="/login">Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** Signed in: refetch what a checkout or another tab may have changed (the billing return lands here). */
function useFreshAccount(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (enabled) void invalidateAll(qc, AFTER_PURCHASE);
  }, [enabled, qc]);
}

export default function DashboardPage() {
  usePageMeta('Dashboard', 'Your transformations, usage, credits and billing.');
  const { user, isLoading } = useAuth();
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = tabFromSearch(search);
  useRedirectOnUnauthorized();
  useFreshAccount(!!user);

  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInRequired />;

  const goTo = (next: DashboardTab) => navigate(tabHref(next), { replace: true });
  const name = user.firstName?.trim();
  const panels: Record<DashboardTab, ReactNode> = {
    overview: <OverviewTab onGoTo={goTo} />,
    transform: <StagingModes />,
    history: <HistoryTab />,
    favorites: <FavoritesTab onGoTo={goTo} />,
    billing: <BillingTab />,
    settings: <SettingsTab user={user} />,
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {name ? `Welcome back, ${name}` : 'Dashboard'}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground sm:text-base">
          Stage rooms, manage your transformations and keep an eye on usage and billing.
        </p>
      </header>
      <Tabs value={tab} onValueChange={(v) => goTo(v as DashboardTab)}>
        {/* Phones: the six tabs wrap into two rows of three, so Billing and Settings are in plain sight
            (a sideways-scrolling strip hid them with nothing to say it scrolls). */}
        <TabsList
          aria-label="Dashboard sections"
          data-testid="dashboard-tabs"
          className="grid h-auto w-full grid-cols-3 gap-1 sm:inline-flex sm:h-11 sm:w-auto sm:justify-start sm:gap-0"
        >
          {TAB_LABELS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="min-w-0 px-2 py-2 sm:px-3.5">
              <Icon aria-hidden /> {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {DASHBOARD_TABS.map((value) =>
          // Transform is kept mounted: switching tabs must not throw away a chosen photo or a fresh result.
          value === 'transform' ? (
            <TabsContent key={value} value={value} forceMount className="mt-6 data-[state=inactive]:hidden">
              {panels[value]}
            </TabsContent>
          ) : (
            <TabsContent key={value} value={value} className="mt-6">
              {panels[value]}
            </TabsContent>
          ),
        )}
      </Tabs>
    </div>
  );
}
