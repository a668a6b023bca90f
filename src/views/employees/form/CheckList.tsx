import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const box = css({ display: 'grid', gap: '1.5', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } });
const item = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer', minW: '0' });
const legend = css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5' });

/** A labelled group of checkboxes over `options`; `value` holds the checked ones. */
export function CheckList<T extends string | number>({
  label,
  hint,
  options,
  value,
  onChange,
  error,
  testId,
  columns,
}: {
  label: ReactNode;
  hint?: ReactNode;
  options: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string | null;
  testId?: string;
  columns?: string;
}) {
  return (
    <fieldset data-testid={testId}>
      <legend className={legend}>{label}</legend>
      {hint ? <p className={css({ fontSize: 'xs', color: 'fg.muted', mb: '2' })}>{hint}</p> : null}
      <div className={box} style={columns ? { gridTemplateColumns: columns } : undefined}>
        {options.map((o) => (
          <label key={String(o.value)} className={item}>
            <input
              type="checkbox"
              value={String(o.value)}
              checked={value.includes(o.value)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((x) => x !== o.value))}
            />
            <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis' })}>{o.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className={css({ mt: '1', fontSize: 'xs', color: 'danger.default' })}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
