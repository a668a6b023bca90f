import { useEffect } from 'react';
import { useActors } from '../../app/hooks';

/** Ctrl or Cmd + B toggles the sidebar (spec section 4). */
export function useShellShortcuts() {
  const { sidebar } = useActors();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'b') {
        e.preventDefault();
        sidebar.send({ type: 'sidebar.toggle' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sidebar]);
}
