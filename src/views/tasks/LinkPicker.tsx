import { css } from 'styled-system/css';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';

type Found = { id: number; full_name: string; phone: string };

/**
 * A student or lead to link: a search by name or phone and a choice among the first matches, for users who may read
 * such lists; others type the id.
 */
export function LinkPicker(props: {
  searchable: boolean;
  labels: { search: string; hint: string; found: string; choose: string; id: string };
  query: string;
  onQuery: (q: string) => void;
  found: Found[] | undefined;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  name: string;
}) {
  const { searchable, labels, query, onQuery, found, value, onChange, error, name } = props;
  if (!searchable) return <Field label={labels.id} inputMode="numeric" value={value} onChange={(e) => onChange(e.target.value)} error={error} name={name} />;
  return (
    <div className={css({ display: 'grid', gap: '2', alignContent: 'start' })}>
      <Field label={labels.search} value={query} onChange={(e) => onQuery(e.target.value)} name={`${name}_search`} placeholder={labels.hint} error={query.trim().length >= 2 ? null : error} />
      {query.trim().length >= 2 ? (
        <Select
          label={labels.found}
          placeholder={labels.choose}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          options={(found ?? []).map((f) => ({ value: f.id, label: `${f.full_name} · ${f.phone}` }))}
          error={error}
          name={name}
        />
      ) : null}
    </div>
  );
}
