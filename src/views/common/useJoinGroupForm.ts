// Putting a student into a group (POST /add-group/) from the group's page (the student chosen) or the student's
// card (the group chosen): one form and one write, the contract's rule checking both.
import type { z } from 'zod';
import { addToGroup } from '../../../contract/membership';
import { addMember } from '../../api/groupDetail';
import { useAppForm } from '../../ui/form';
import { useWrite } from './useWrite';

export function useJoinGroupForm({ student, group, joinedOn, onDone }: { student?: number; group?: number; joinedOn: string; onDone: () => void }) {
  const write = useWrite(addMember, { onDone });
  const form = useAppForm({
    defaultValues: { student, group, joined_on: joinedOn, price: undefined } as unknown as z.input<typeof addToGroup>,
    validators: { onChange: addToGroup, onSubmit: addToGroup },
    listeners: write.listeners,
    // An empty own price is the group's price.
    onSubmit: ({ value, formApi }) => write.submit(addToGroup.parse({ ...value, price: value.price === '' ? undefined : value.price }), formApi),
  });
  return { write, form };
}
