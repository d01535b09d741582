import { Image, Images } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { BatchStaging } from '#client/features/batches/components/batch-staging.tsx';
import { TransformTab } from './transform-tab.tsx';

type Mode = 'single' | 'batch';

/**
 * The Transform tab: one photo (the spec's staging tool) or a whole listing (batch staging). The mode
 * and the batch on screen live in the address (?tab=transform&mode=batch&batch=…), so a reload or a
 * shared link comes back to the same batch.
 */
export function StagingModes() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const batchId = params.get('batch');
  const mode: Mode = params.get('mode') === 'batch' || batchId ? 'batch' : 'single';

  const go = (next: Mode, batch: string | null = null) => {
    const q = new URLSearchParams({ tab: 'transform' });
    if (next === 'batch') q.set('mode', 'batch');
    if (next === 'batch' && batch) q.set('batch', batch);
    navigate(`/dashboard?${q.toString()}`, { replace: true });
  };

  return (
    <Tabs value={mode} onValueChange={(v) => go(v as Mode, v === 'batch' ? batchId : null)}>
      <TabsList aria-label="What to stage" className="mb-6 h-10">
        <TabsTrigger value="single" className="px-3">
          <Image aria-hidden /> One Photo
        </TabsTrigger>
        <TabsTrigger value="batch" className="px-3">
          <Images aria-hidden /> Whole Listing
        </TabsTrigger>
      </TabsList>
      {/* Both kept mounted: switching must not throw away a chosen photo or a listing being checked. */}
      <TabsContent value="single" forceMount className="mt-0 data-[state=inactive]:hidden">
        <TransformTab />
      </TabsContent>
      <TabsContent value="batch" forceMount className="mt-0 data-[state=inactive]:hidden">
        <BatchStaging batchId={batchId} onBatchChange={(id) => go('batch', id)} />
      </TabsContent>
    </Tabs>
  );
}
