// The run itself, split from the staging flow (use-staging-flow.ts) along its seam: the POST with
// everything the form chose, then what the agent is told: the result toast, or the error toast with
// its way on (plans and credits, or sign-in with the photo and choices kept for afterwards).
import { createElement } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import type { EngineInfo, TransformResult } from '#shared/schemas/staging.ts';
import { ToastAction } from '#client/components/ui/toast.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { savePendingWork } from '#client/lib/pending-work.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { AFTER_TRANSFORM, invalidateAll, QUERY_KEYS } from '#client/lib/query-keys.ts';
import { transformRoom } from './api.ts';
import { declutterField } from './declutter.ts';
import { furnishAreaField, type AreaGrid } from './furnish-area.ts';
import { transformDoneToast, transformErrorToast, type StagingPage } from './transform-toasts.ts';

const REDIRECT_DELAY_MS = 1500;

export interface RunChoice {
  file: File;
  style: Style;
  roomType: RoomType;
  declutter: boolean;
  /** The agent's furniture area; null = the automatic one (nothing sent). */
  area: AreaGrid | null;
  accept: object;
}

export function useTransformRun(o: {
  page: StagingPage;
  engine: EngineInfo | undefined;
  /** The run finished (and was charged): the flow shows it if the photo is still the one on screen. */
  onDone: (r: TransformResult, file: File) => void;
}) {
  const [location, navigate] = useLocation();
  return useMutation({
    mutationFn: (v: RunChoice) =>
      transformRoom({
        image: v.file,
        style: v.style,
        roomType: v.roomType,
        ...declutterField(o.engine, v.declutter),
        ...furnishAreaField(o.engine, v.area),
        ...v.accept,
      }),
    onSuccess: (r, v) => {
      toast(transformDoneToast(r, o.page));
      o.onDone(r, v.file);
      void invalidateAll(queryClient, AFTER_TRANSFORM);
    },
    onError: (err: Error, v) => {
      const t = transformErrorToast(err, o.page);
      const toPricing = t.title === 'Usage Limit Reached' || t.title === 'Insufficient Credits';
      toast({
        title: t.title,
        description: t.description,
        variant: 'destructive',
        ...(o.page === 'dashboard' ? { duration: 8000 } : {}),
        ...(toPricing
          ? {
              action: createElement(
                ToastAction,
                { altText: 'See plans and credits', onClick: () => navigate('/pricing') },
                'See plans',
              ),
            }
          : {}),
      });
      if (toPricing) void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.usage });
      if (t.redirectToLogin) {
        // Keep the photo and the choices so they are back after signing in (and return here).
        const path = location || '/';
        void savePendingWork({ file: v.file, style: v.style, roomType: v.roomType, path })
          .catch(() => undefined)
          .then(() =>
            setTimeout(() => navigate(`/login?next=${encodeURIComponent(path)}`), REDIRECT_DELAY_MS),
          );
      }
    },
  });
}
