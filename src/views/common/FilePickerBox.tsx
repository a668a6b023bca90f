import { FileSpreadsheet } from 'lucide-react';
import { useId } from 'react';
import { css } from 'styled-system/css';

const picker = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  borderRadius: 'control',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusWithin: { borderColor: 'accent.default' },
});

/** A spreadsheet file input dressed as a drop box; choosing the same file twice still counts (the value is cleared). */
export function FilePickerBox({ label, accept, onFile, disabled, testId = 'import-input' }: { label: string; accept: string; onFile: (file: File | null) => void; disabled?: boolean; testId?: string }) {
  const id = useId();
  return (
    <label htmlFor={id} className={picker}>
      <FileSpreadsheet size={22} className={css({ color: 'success.default', flexShrink: 0 })} aria-hidden="true" />
      <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{label}</span>
      <input
        id={id}
        type="file"
        accept={accept}
        className={css({ srOnly: true })}
        data-testid={testId}
        disabled={disabled}
        onChange={(e) => {
          onFile(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
    </label>
  );
}
