// A list's filter select bound to one query parameter: empty is "all", a choice sets the parameter.
import { Select } from '../../ui/Select';
import type { QueryChanges } from './useQueryParams';

type Option = { value: string | number; label: string };

export function ParamSelect({
  name,
  label,
  all,
  values,
  apply,
  options,
}: {
  /** The query parameter, also the select's name. */
  name: string;
  label: string;
  /** The placeholder that means no filter. */
  all: string;
  values: Partial<Record<string, string | number | null>>;
  apply: (changes: QueryChanges) => void;
  options: Option[];
}) {
  return <Select label={label} name={name} placeholder={all} value={values[name] ?? ''} options={options} onChange={(e) => apply({ [name]: e.target.value })} />;
}
