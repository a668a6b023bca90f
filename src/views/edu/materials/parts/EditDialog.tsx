import type { ReactNode } from 'react';
import { useT } from '../../../../i18n';
import { Dialog } from '../../../../ui/Dialog';

/**
 * The create-or-edit dialog of a catalogue item: `editing` is null (closed), 'new' or the item; the form is mounted
 * only while open, with the item or null.
 */
export function EditDialog<T>({
  editing,
  titles,
  maxWidth,
  onClose,
  children,
}: {
  editing: T | 'new' | null;
  /** i18n keys of the two titles. */
  titles: { create: string; edit: string };
  maxWidth: string;
  onClose: () => void;
  children: (item: T | null) => ReactNode;
}) {
  const { t } = useT();
  return (
    <Dialog open={editing !== null} onClose={onClose} title={t(editing === 'new' ? titles.create : titles.edit)} closeLabel={t('common.actions.close')} maxWidth={maxWidth}>
      {editing !== null ? children(editing === 'new' ? null : editing) : null}
    </Dialog>
  );
}

/** What a catalogue item's create-or-edit dialog is given: the item (or 'new', or null: closed), close, and saved. */
export type EditDialogProps<T> = {
  editing: T | 'new' | null;
  onClose: () => void;
  /** Called after a save, before the dialog closes (the lists are asked again). */
  onSaved: () => Promise<unknown>;
};
