// The lesson dialogs (extra lesson, move, cancel) share one shell, the time choices and the room choices.
import type { FormEventHandler, ReactNode } from 'react';
import { useRoomList } from '../../../../api/rooms';
import { useT } from '../../../../i18n';
import { Dialog } from '../../../../ui/Dialog';
import { formBody } from '../../../../ui/form/FormAlert';

export { TIME_OPTIONS } from '../../../common/formParts';

/** The dialog, its form, the scrolling body and the footer (the write's FormFooter). */
export function LessonFormDialog(props: {
  title: string;
  description: string;
  maxWidth: string;
  testId: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  footer: ReactNode;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={props.title}
      description={props.description}
      closeLabel={t('common.actions.close')}
      maxWidth={props.maxWidth}
    >
      <form noValidate onSubmit={props.onSubmit} data-testid={props.testId}>
        <div className={formBody}>{props.children}</div>
        {props.footer}
      </form>
    </Dialog>
  );
}

/** The branch's rooms to choose from, with the current room first when the list does not hold it (archived, say). */
export function useRoomOptions(filial: number, current: { id: number; name: string }) {
  const rooms = useRoomList(filial);
  const options = (rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  if (!options.some((o) => o.value === current.id)) options.unshift({ value: current.id, label: current.name });
  return options;
}
