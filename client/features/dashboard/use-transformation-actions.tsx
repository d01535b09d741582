import { useState } from 'react';
import type { Transformation } from '#shared/schemas/staging.ts';
import { toast } from '#client/hooks/use-toast.ts';
import type { DisclosureMark } from '#shared/constants/disclosure.ts';
import { downloadTransformation as saveStaged } from '#client/lib/download.ts';
import { useDeleteTransformation, useSetFavorite, useUpdateTransformation } from './api.ts';
import { ConfirmDialog } from './components/confirm-dialog.tsx';
import { EditTransformationDialog } from './components/edit-transformation-dialog.tsx';
import { ImageViewerDialog, type ArrangeSlot } from './components/image-viewer-dialog.tsx';

export const DELETE_QUESTION =
  'Are you sure you want to delete this transformation? This action cannot be undone.';

const failed = (title: string, err: unknown) =>
  toast({ title, description: err instanceof Error ? err.message : String(err), variant: 'destructive' });

/** Saves the staged JPEG named after its title (see downloadTransformation); a failure toasts 'Download Failed'. */
export async function downloadTransformation(
  t: Transformation,
  mark: DisclosureMark = 'none',
): Promise<void> {
  try {
    if (!t.transformedImageUrl) throw new Error('This image is not available.');
    await saveStaged(t.id, 'standard', mark);
    toast({ title: 'Download Started', description: 'Your staged photo is being saved.' });
  } catch (err) {
    failed('Download Failed', err);
  }
}

export interface TransformationActions {
  view: (t: Transformation) => void;
  edit: (t: Transformation) => void;
  remove: (t: Transformation) => void;
  toggleFavorite: (t: Transformation) => void;
  download: (t: Transformation) => Promise<void>;
  /** True while this item's favorite toggle is in flight. */
  isToggling: (id: string) => boolean;
}

/**
 * The per-item actions every list shares (overview, history, favorites) and the three dialogs they open.
 * Render `dialogs` once next to the list. `arrange` puts the arrange editor in the image viewer.
 */
export function useTransformationActions(arrange?: ArrangeSlot) {
  const [viewing, setViewing] = useState<Transformation | null>(null);
  const [editing, setEditing] = useState<Transformation | null>(null);
  const [deleting, setDeleting] = useState<Transformation | null>(null);
  const favorite = useSetFavorite();
  const update = useUpdateTransformation();
  const del = useDeleteTransformation();

  const actions: TransformationActions = {
    view: setViewing,
    edit: setEditing,
    remove: setDeleting,
    download: downloadTransformation,
    isToggling: (id) => favorite.isPending && favorite.variables.id === id,
    toggleFavorite: (t) =>
      favorite.mutate(
        { id: t.id, isFavorite: !t.isFavorite },
        {
          onSuccess: (r) =>
            toast({
              title: r.isFavorite ? 'Added to Favorites' : 'Removed from Favorites',
              description: r.isFavorite
                ? 'You can find it in the Favorites tab.'
                : 'It is still in your history.',
            }),
          onError: (err) => failed('Action Failed', err),
        },
      ),
  };

  const save = (v: { userTitle: string; userNotes: string }) => {
    if (!editing) return;
    update.mutate(
      { id: editing.id, ...v },
      {
        onSuccess: () => {
          setEditing(null);
          toast({ title: 'Transformation Updated', description: 'Your title and notes were saved.' });
        },
        onError: (err) => failed('Update Failed', err),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    del.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        setViewing(null);
        toast({
          title: 'Transformation Deleted',
          description: 'The photo and its staged version were removed.',
        });
      },
      onError: (err) => failed('Delete Failed', err),
    });
  };

  const dialogs = (
    <>
      <ImageViewerDialog
        transformation={viewing}
        onOpenChange={() => setViewing(null)}
        onDownload={downloadTransformation}
        arrange={arrange}
      />
      {editing && (
        <EditTransformationDialog
          key={editing.id}
          transformation={editing}
          isSaving={update.isPending}
          onOpenChange={(open) => !open && setEditing(null)}
          onSave={save}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Transformation"
        description={DELETE_QUESTION}
        confirmLabel="Delete"
        isPending={del.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );

  return { actions, dialogs };
}
