import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the longest test files first (durations from the last run, kept in Vitest's results cache), so
 * the two workers finish together instead of one long file starting last and running alone at the end.
 * Files with no recorded duration (new, or a fresh checkout) go first, larger files before smaller.
 * Vitest's own order falls back to file size whenever a single file lacks a duration, and size says
 * little here: the corpus and engine tests are short files that run for minutes.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const key = (f: TestSpecification) => `${f.project.name}:${path.relative(config.root, f.moduleId)}`;
    const rank = (f: TestSpecification) => {
      const duration = cache.getFileTestResults(key(f))?.duration;
      return duration === undefined
        ? { known: 0, weight: cache.getFileStats(key(f))?.size ?? 0 }
        : { known: 1, weight: duration };
    };
    const ranked = files.map((f) => ({ f, r: rank(f) }));
    ranked.sort(
      (a, b) => a.r.known - b.r.known || b.r.weight - a.r.weight || a.f.moduleId.localeCompare(b.f.moduleId),
    );
    return Promise.resolve(ranked.map(({ f }) => f));
  }
}
