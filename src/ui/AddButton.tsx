import { Plus } from 'lucide-react';
import { Button, type ButtonProps } from './Button';

/** A page's "add" button (a room, a lead, an item): a plus before the words. */
export function AddButton({ children, ...rest }: ButtonProps) {
  return (
    <Button {...rest}>
      <Plus size={16} aria-hidden="true" />
      {children}
    </Button>
  );
}
