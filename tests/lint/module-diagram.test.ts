// docs/modules.md carries a diagram generated from the import graph (npm run docs:modules); this fails
// when the code's imports and the checked-in diagram differ (issue 33, decision 0198).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '#server/lib/paths.ts';
import { readFileGraph, toUnitGraph } from '../../scripts/lib/import-graph.ts';
import {
  BEGIN,
  diagramUnitOf,
  END,
  mermaidOf,
  moduleDiagram,
  withDiagram,
} from '../../scripts/lib/module-diagram.ts';

describe('the module diagram in docs/modules.md', () => {
  it('matches the import graph (run `npm run docs:modules` when this fails)', () => {
    const doc = readFileSync(fromRoot('docs/modules.md'), 'utf8');
    expect(doc, 'docs/modules.md is stale: run `npm run docs:modules`').toBe(
      withDiagram(doc, moduleDiagram(fromRoot())),
    );
  });

  it('goes stale when an import between modules is added or removed', () => {
    const units = toUnitGraph(readFileGraph(fromRoot()), diagramUnitOf);
    const doc = `intro\n${BEGIN}\n\n${mermaidOf(units)}\n\n${END}\n`;
    // A new edge: the checked text no longer matches.
    const more = new Map([...units].map(([k, v]) => [k, new Set(v)]));
    more.get('modules/catalog')!.add('modules/credits');
    expect(withDiagram(doc, mermaidOf(more))).not.toBe(doc);
    expect(mermaidOf(more)).toContain('catalog --> credits');
    // An edge gone.
    const fewer = new Map([...units].map(([k, v]) => [k, new Set(v)]));
    fewer.get('modules/staging')!.delete('modules/jobs');
    expect(mermaidOf(fewer)).not.toContain('staging --> jobs');
    expect(withDiagram(doc, mermaidOf(fewer))).not.toBe(doc);
    // The same graph again: the same text, so the check is not flaky.
    expect(withDiagram(doc, mermaidOf(units))).toBe(doc);
  });
});
