import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import type { Transformation } from '#shared/schemas/staging.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { displayTitle } from '../display-title.ts';

interface Props {
  transformation: Transformation;
  isSaving: boolean;
  onOpenChange: (open: boolean) => void;
  /** Receives the trimmed values. */
  onSave: (v: { userTitle: string; userNotes: string }) => void;
}

/** Edit title and notes. Mounted per item (keyed by id), so the fields start from that item's values. */
export function EditTransformationDialog({ transformation: t, isSaving, onOpenChange, onSave }: Props) {
  const [title, setTitle] = useState(t.userTitle ?? '');
  const [notes, setNotes] = useState(t.userNotes ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({ userTitle: title.trim(), userNotes: notes.trim() });
  };
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit Transformation</DialogTitle>
            <DialogDescription>
              Give this staged photo a title and notes you will recognise later.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="edit-title">Title</Label>
            <Input
              id="edit-title"
              value={title}
              maxLength={200}
              placeholder={displayTitle({ ...t, userTitle: null })}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="edit-notes">Notes</Label>
            <Textarea
              id="edit-notes"
              value={notes}
              maxLength={2000}
              rows={4}
              placeholder="Listing address, client, anything worth remembering"
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving && <Loader2 className="animate-spin" aria-hidden />} Save Changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
