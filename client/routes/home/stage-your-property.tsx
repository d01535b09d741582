import { useLocation } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { BestPracticesCard } from '#client/features/marketing/best-practices-card.tsx';
import { SectionHeading } from '#client/components/section-heading.tsx';
import { transformButtonLabel } from '#client/features/dashboard/regeneration.ts';
import { NoCreditsCard } from '#client/features/dashboard/components/no-credits-card.tsx';
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
import { useRestorePendingWork } from '#client/features/staging/use-restore-pending-work.ts';
import { useStagingFlow } from '#client/features/staging/use-staging-flow.ts';
import { useEarlyFile } from '#client/features/staging/early-file.ts';
import { validateUpload } from '#client/features/staging/upload-validation.ts';
import { toast } from '#client/hooks/use-toast.ts';

/** The staging tool on the home page: upload, identify, choose, transform, compare, download. */
export function StageYourProperty() {
  const flow = useStagingFlow('home');
  const engine = useEngineInfo();
  const [, navigate] = useLocation();
  useRestorePendingWork(flow.restore);
  // A photo chosen in the pre-rendered placeholder before this code arrived: the same rules as a drop.
  useEarlyFile((f) => {
    const problem = validateUpload(f);
    if (problem) toast({ title: 'Photo not accepted', description: problem, variant: 'destructive' });
    else flow.selectFile(f);
  });

  return (
    <section id="stage" aria-labelledby="stage-heading" className="scroll-mt-20 bg-background py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="stage-heading"
          title="Stage Your Property"
          description="Upload a photo of an empty room. We check it, you pick the room type and a style, and the staged photo is ready in seconds."
        />
        <div className="mt-10 grid gap-8 lg:grid-cols-[1.4fr_1fr]">
          <div className="grid content-start gap-6">
            {!flow.result && (
              <UploadArea
                file={flow.file}
                onFileSelected={flow.selectFile}
                onRemove={flow.reset}
                isProcessing={flow.isTransforming}
              />
            )}
            {flow.isTransforming && <TransformProgress style={flow.style} />}
            {flow.result && !flow.isTransforming && (
              <TransformResultCard
                result={flow.result}
                imageWidth={flow.result.width}
                imageHeight={flow.result.height}
                isSuitable={flow.isSuitable}
                tryDisabled={flow.blocked}
                costNote={regenerationCostText(flow.charge)}
                onTryDifferentStyle={flow.tryDifferentStyle}
                onNewImage={flow.reset}
              >
                {engine.data?.plansLayout && (
                  <ArrangeFurniture
                    key={flow.result.id}
                    transformationId={flow.result.id}
                    imageSrc={flow.result.transformedImage}
                    onSaved={flow.arranged}
                  />
                )}
              </TransformResultCard>
            )}
          </div>
          <div className="grid content-start gap-6">
            {/* Out of allowance and credits: said before any click, with the way out (a free regeneration is never blocked). */}
            {flow.blocked && <NoCreditsCard className="max-lg:order-first" />}
            {flow.file && !flow.blocked && !flow.isTransforming && !flow.result && (
              <StagingOptionsCard
                {...flow.optionsProps}
                transformLabel={transformButtonLabel(flow.existing.length)}
              >
                <EngineNote note={flow.note} />
              </StagingOptionsCard>
            )}
            {flow.result?.needsReview && <NeedsReviewNotice reasons={flow.result.reviewReasons} />}
            <BestPracticesCard />
            {!flow.file && (
              <Button variant="outline" onClick={() => navigate('/pricing')}>
                See plans and credits
              </Button>
            )}
          </div>
        </div>
      </div>
      <NextStepFocus file={flow.file} isSuitable={flow.isSuitable} blocked={flow.blocked} {...flow.check} />
      <RegenerateDialog {...flow.regenerateDialogProps} />
    </section>
  );
}
