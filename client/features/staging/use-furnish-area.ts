// The furniture area of a masked engine (decisions 0181, 0213): the agent's adjusted grid (null while
// the automatic area stands) and the automatic area itself, asked for once a photo is judged
// stageable, so the editor shows what the engine would furnish before the agent paints anything.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EngineInfo } from '#shared/schemas/staging.ts';
import { fetchAutomaticArea } from './api.ts';
import type { FurnishAreaProps } from './components/furnish-area-editor.tsx';
import { canPaintArea, type AreaGrid } from './furnish-area.ts';

export interface FurnishAreaInput {
  file: File | null;
  engine: EngineInfo | undefined;
  /** Identification said the photo can be staged and is done. */
  ready: boolean;
  /** Decluttering reaches higher (the old pieces go too), so its automatic area differs. */
  declutter: boolean;
}

export function useFurnishArea(i: FurnishAreaInput) {
  const [grid, setGrid] = useState<AreaGrid | null>(null);
  const offered = canPaintArea(i.engine) && i.file !== null;
  const q = useQuery({
    queryKey: ['/api/furnish-area', i.file, i.declutter],
    queryFn: () => fetchAutomaticArea(i.file!, i.declutter),
    enabled: offered && i.ready,
    staleTime: Infinity,
    retry: false,
  });
  const props: FurnishAreaProps | undefined =
    offered && i.file
      ? {
          file: i.file,
          grid,
          onChange: setGrid,
          automatic: q.data ?? null,
          automaticFailed: q.isError,
        }
      : undefined;
  return {
    /** What the agent painted or adjusted; null = the automatic area (nothing is sent). */
    grid,
    /** A new photo starts from the automatic area again. */
    reset: () => setGrid(null),
    props,
  };
}
