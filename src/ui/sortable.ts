// What every drag-to-reorder list shares: how a drag starts and how its handle looks.
import { KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { css } from 'styled-system/css';

/** Pointer, touch and keyboard drags (focus a handle, Space, arrows, Space; Escape cancels). */
export function useDragSensors() {
  return useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle is still a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** A drag handle; the caller sets its height to suit the row. */
export const dragHandle = css({
  display: 'grid',
  placeItems: 'center',
  w: '8',
  borderRadius: 'control',
  color: 'fg.subtle',
  cursor: 'grab',
  // The handle takes touch drags; the rest of the row still scrolls the page.
  touchAction: 'none',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _active: { cursor: 'grabbing' },
});
