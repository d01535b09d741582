import { Link } from 'wouter';
import { ArrowRight, CalendarClock, Coins, Crown, Gauge, ImagePlus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { useTransformations } from '#client/features/dashboard/api.ts';
import { useUsage } from '#client/hooks/use-usage.ts';
import { TransformationGrid } from '#client/features/dashboard/components/card-grid.tsx';
import { TabSection } from '#client/features/dashboard/components/tab-section.tsx';
import { StatCard } from '#client/features/dashboard/components/stat-card.tsx';
import { formatDate, titleCase } from '#client/lib/format.ts';
import { useTransformationActions } from '#client/features/dashboard/use-transformation-actions.tsx';
import { usagePercent, usageText } from '#client/features/dashboard/usage-rules.ts';
import { isUnlimited } from '#shared/rules/plans.ts';
import type { DashboardTab } from '../dashboard-tabs.ts';

/** The overview lists the 6 most recent transformations. */
const RECENT_COUNT = 6;

function UsageCards() {
  const { data: u } = useUsage();
  const isFree = u?.subscriptionPlan === 'free';
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard title="Monthly Usage" icon={Gauge} value={u && usageText(u)} testId="usage-card">
        {u &&
          (isUnlimited(u.limit) ? (
            <p className="text-muted-foreground">Unlimited transformations this month</p>
          ) : (
            <>
              <Progress value={usagePercent(u)} aria-label="Monthly usage" />
              <p className="text-muted-foreground">transformations used this month</p>
            </>
          ))}
      </StatCard>
      <StatCard
        title="Current Plan"
        icon={Crown}
        value={u && titleCase(u.subscriptionPlan)}
        testId="plan-card"
      >
        {u && (
          <Button asChild variant={isFree ? 'default' : 'outline'} size="sm" className="w-full">
            <Link href="/pricing">{isFree ? 'Upgrade Plan' : 'Manage Plan'}</Link>
          </Button>
        )}
      </StatCard>
      <StatCard title="Credits" icon={Coins} value={u?.credits} testId="credits-card">
        <Button asChild variant="outline" size="sm" className="w-full">
          <a href="/pricing#credits">Buy Credits</a>
        </Button>
      </StatCard>
      <StatCard
        title="Next Reset"
        icon={CalendarClock}
        value={u && (u.usageResetDate ? formatDate(u.usageResetDate) : 'Not scheduled')}
        testId="reset-card"
      >
        <p className="text-muted-foreground">Your monthly allowance starts again on this date.</p>
      </StatCard>
    </div>
  );
}

export function OverviewTab({ onGoTo }: { onGoTo: (tab: DashboardTab) => void }) {
  const list = useTransformations();
  const { actions, dialogs } = useTransformationActions();
  const all = list.data ?? [];
  const recent = all.slice(0, RECENT_COUNT);

  return (
    <div className="grid gap-8">
      <UsageCards />
      <TabSection
        id="recent-heading"
        className="grid gap-4"
        title="Recent Transformations"
        description="Your latest staged photos."
        action={
          <Button onClick={() => onGoTo('transform')}>
            <ImagePlus aria-hidden /> New Transformation
          </Button>
        }
      >
        <TransformationGrid
          items={recent}
          isPending={list.isPending}
          skeletons={3}
          wide
          card={{ actions, show: ['favorite', 'edit', 'delete'] }}
          empty={{
            icon: ImagePlus,
            title: 'No transformations yet',
            text: 'Upload a photo of an empty room and see it staged in seconds.',
            children: <Button onClick={() => onGoTo('transform')}>Stage your first room</Button>,
          }}
        />
        {all.length > RECENT_COUNT && (
          <div className="flex justify-center">
            <Button variant="outline" onClick={() => onGoTo('history')}>
              View All Transformations ({all.length}) <ArrowRight aria-hidden />
            </Button>
          </div>
        )}
      </TabSection>
      {dialogs}
    </div>
  );
}
