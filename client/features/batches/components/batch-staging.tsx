import type { Batch } from '#shared/schemas/batches.ts';
import { useEngineMasked } from '../api.ts';
import { useBatchSetup } from '../use-batch-setup.ts';
import { BatchDropZone } from './batch-drop-zone.tsx';
import { BatchNextStep } from './batch-next-step.tsx';
import { BatchOptionsCard } from './batch-options-card.tsx';
import { BatchPhotoCard } from './batch-photo-card.tsx';
import { BatchProgress } from './batch-progress.tsx';

export interface BatchStagingProps {
  /** The batch on screen (kept in the address so a reload comes back to it), or null to start one. */
  batchId: string | null;
  onBatchChange: (id: string | null) => void;
}

/** Batch staging: a whole listing in one go, from the photo checks to one ZIP of results. */
export function BatchStaging({ batchId, onBatchChange }: BatchStagingProps) {
  if (batchId) return <BatchProgress id={batchId} onNewBatch={() => onBatchChange(null)} />;
  return <BatchSetup onStarted={(b) => onBatchChange(b.id)} />;
}

function BatchSetup({ onStarted }: { onStarted: (b: Batch) => void }) {
  const s = useBatchSetup(onStarted);
  const masked = useEngineMasked();
  const hasPhotos = s.photos.length > 0;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1.6fr_1fr]">
      <BatchNextStep count={s.photos.length} checking={s.checking} missingRoomType={s.missingRoomType} />
      <div className="grid content-start gap-4">
        <BatchDropZone
          onFiles={s.addFiles}
          count={s.photos.length}
          rejected={s.rejected}
          disabled={s.isStarting}
        />
        {hasPhotos && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos to stage">
            {s.photos.map((p, i) => (
              <BatchPhotoCard
                key={p.key}
                photo={p}
                index={i}
                perPhotoRoom={s.roomChoice === 'per-photo'}
                onRoomTypeChange={(r) => s.setPhotoRoomType(p.key, r)}
                onIncludedChange={(v) => s.setIncluded(p.key, v)}
                onRemove={() => s.remove(p.key)}
                disabled={s.isStarting}
              />
            ))}
          </ul>
        )}
      </div>
      {hasPhotos && (
        <div className="max-lg:order-first">
          <BatchOptionsCard
            style={s.style}
            onStyleChange={s.setStyle}
            roomChoice={s.roomChoice}
            onRoomChoiceChange={s.setRoomChoice}
            sameFurniture={s.sameFurniture}
            onSameFurnitureChange={s.setSameFurniture}
            count={s.included.length}
            leftOut={s.photos.length - s.included.length}
            cost={s.cost}
            checking={s.checking}
            missingRoomType={s.missingRoomType}
            canStart={s.canStart}
            isStarting={s.isStarting}
            onStart={s.start}
            automaticArea={masked}
          />
        </div>
      )}
    </div>
  );
}
