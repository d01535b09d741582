import { useState, type FormEvent } from 'react';
import type { Transformation } from '#shared/schemas/staging.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogShell } from '#client/components/dialog-shell.tsx';
import { PendingButton } from '#client/components/pending-button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { LabelledField } from '#client/components/labelled-field.tsx';
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
    <DialogShell
      open
      onOpenChange={onOpenChange}
      form={{ onSubmit: submit }}
      title="Edit Transformation"
      description="Give this staged photo a title and notes you will recognise later."
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <PendingButton type="submit" disabled={isSaving} pending={isSaving}>
            Save Changes
          </PendingButton>
        </>
      }
    >
      <LabelledField id="edit-title" label="Title">
        <Input
          id="edit-title"
          value={title}
          maxLength={200}
          placeholder={displayTitle({ ...t, userTitle: null })}
          onChange={(e) => setTitle(e.target.value)}
        />
      </LabelledField>
      <LabelledField id="edit-notes" label="Notes">
        <Textarea
          id="edit-notes"
          value={notes}
          maxLength={2000}
          rows={4}
          placeholder="Listing address, client, anything worth remembering"
          onChange={(e) => setNotes(e.target.value)}
        />
      </LabelledField>
    </DialogShell>
  );
}
