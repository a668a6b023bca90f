import type { ReactNode } from 'react';
import { Button } from '../../../../ui/Button';

/** A small icon button in a row; its label is read out and shown on hover. */
export function IconAction({ label, onClick, children, testId }: { label: string; onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {children}
    </Button>
  );
}
