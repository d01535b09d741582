import { ComparisonSlider } from '#client/components/comparison-slider.tsx';
import type { Example } from './gallery.ts';

/** A gallery example's before/after slider, whole photo shown: the examples page and the example dialog. */
export function ExampleComparison({ example, className }: { example: Example; className: string }) {
  return (
    <ComparisonSlider
      beforeSrc={example.beforeImage}
      afterSrc={example.afterImage}
      beforeAlt={`${example.title} before staging`}
      afterAlt={`${example.title} after staging`}
      width={example.width}
      height={example.height}
      fit="contain"
      className={className}
    />
  );
}
