import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StagingOptionsCard, type StagingOptionsCardProps } from './staging-options-card.tsx';

const base: StagingOptionsCardProps = {
  roomType: 'bedroom',
  onRoomTypeChange: () => undefined,
  style: 'modern',
  onStyleChange: () => undefined,
  onTransform: () => undefined,
};

describe('StagingOptionsCard declutter option', () => {
  it('is absent unless the engine can declutter', () => {
    expect(renderToStaticMarkup(<StagingOptionsCard {...base} />)).not.toContain(
      'Remove existing furniture first',
    );
  });

  it('shows a labelled checkbox reflecting the choice, disabled while a run is pending', () => {
    const html = renderToStaticMarkup(
      <StagingOptionsCard {...base} declutter={{ checked: true, onCheckedChange: () => undefined }} />,
    );
    expect(html).toContain('<label');
    expect(html).toContain('for="declutter"');
    expect(html).toContain('Remove existing furniture first');
    expect(html).toMatch(/<input[^>]*id="declutter"[^>]*checked=""/);
    const pending = renderToStaticMarkup(
      <StagingOptionsCard
        {...base}
        isPending
        declutter={{ checked: false, onCheckedChange: () => undefined }}
      />,
    );
    expect(pending).toMatch(/<input[^>]*id="declutter"[^>]*disabled=""/);
    expect(pending).not.toMatch(/<input[^>]*id="declutter"[^>]*checked=""/);
  });
});

describe('StagingOptionsCard furniture area (decision 0181)', () => {
  it('is offered only when the flow passes it (a masked engine and a photo), starting automatic', () => {
    expect(renderToStaticMarkup(<StagingOptionsCard {...base} />)).not.toContain('Furniture area');
    const html = renderToStaticMarkup(
      <StagingOptionsCard
        {...base}
        furnishArea={{
          file: new File([], 'room.jpg'),
          grid: null,
          onChange: () => undefined,
          automatic: null,
          automaticFailed: false,
        }}
      />,
    );
    expect(html).toContain('Furniture area (optional)');
    expect(html).toMatch(/aria-expanded="false"/);
    expect(html).toContain('Automatic');
  });
});
