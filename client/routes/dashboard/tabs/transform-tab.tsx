import { BestPracticesCard } from '#client/features/marketing/best-practices-card.tsx';
import { NoCreditsCard } from '#client/features/dashboard/components/no-credits-card.tsx';
import { PreviousTransformations } from '#client/features/dashboard/components/previous-transformations.tsx';
import { transformButtonLabel } from '#client/features/dashboard/regeneration.ts';
import { EngineNote } from '#client/features/staging/components/engine-note.tsx';
import { NeedsReviewNotice } from '#client/features/staging/components/needs-review-notice.tsx';
import { NextStepFocus } from '#client/features/staging/components/next-step-focus.tsx';
import { RegenerateDialog } from '#client/features/staging/components/regenerate-dialog.tsx';
import { StagingOptionsCard } from '#client/features/staging/components/staging-options-card.tsx';
import { TransformProgress } from '#client/features/staging/components/transform-progress.tsx';
import { ArrangeFurniture } from '#client/features/arrange/arrange-furniture.tsx';
import { useEngineInfo } from '#client/features/staging/api.ts';
import { TransformResultCard } from '#client/features/staging/components/transform-result-card.tsx';
import { UploadArea } from '#client/features/staging/components/upload-area.tsx';
import { regenerationCostText } from '#client/features/staging/run-cost.ts';
import { useStagingFlow } from '#client/features/staging/use-staging-flow.ts';

/** The staging tool inside the dashboard: the home page's flow plus previous styles, regeneration and credits. */
export function TransformTab() {
  const flow = useStagingFlow('dashboard');
  const engine = useEngineInfo();
  // Blocked only when the next run of this photo would cost something nobody can pay: free regenerations run.
  const blocked = flow.blocked;
  const styles = flow.existing.map((e) => e.style);
  const result = flow.result;

  // Below lg the two columns dissolve into the outer grid (display: contents), so the No Credits card can
  // move above the upload area on a phone while it stays at the top of the side column on a desktop.
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1.4fr_1fr]">
      <div className="contents lg:grid lg:content-start lg:gap-6">
        {!result && (
          <UploadArea
            file={flow.file}
            onFileSelected={flow.selectFile}
            onRemove={flow.reset}
            isProcessing={flow.isTransforming}
            disabled={flow.isTransforming}
          />
        )}
        {flow.isTransforming && <TransformProgress style={flow.style} />}
        {result && !flow.isTransforming && (
          <TransformResultCard
            result={result}
            isSuitable={flow.isSuitable}
            tryDisabled={blocked}
            costNote={regenerationCostText(flow.charge)}
            onTryDifferentStyle={flow.tryDifferentStyle}
            onNewImage={flow.reset}
          >
            {engine.data?.plansLayout && (
              <ArrangeFurniture
                key={result.id}
                transformationId={result.id}
                imageSrc={result.transformedImage}
                onSaved={flow.arranged}
              />
            )}
            <PreviousTransformations styles={styles} />
          </TransformResultCard>
        )}
      </div>
      <div className="contents lg:grid lg:content-start lg:gap-6">
        {blocked && <NoCreditsCard className="max-lg:order-first" />}
        {flow.file && !blocked && !flow.isTransforming && !result && (
          <StagingOptionsCard {...flow.optionsProps} transformLabel={transformButtonLabel(styles.length)}>
            <PreviousTransformations styles={styles} />
            <EngineNote note={flow.note} />
          </StagingOptionsCard>
        )}
        {result?.needsReview && <NeedsReviewNotice reasons={result.reviewReasons} />}
        {!flow.file && <BestPracticesCard />}
      </div>
      <NextStepFocus file={flow.file} isSuitable={flow.isSuitable} blocked={blocked} {...flow.check} />
      <RegenerateDialog {...flow.regenerateDialogProps} />
    </div>
  );
}
