import { X } from 'lucide-react';
import { css } from 'styled-system/css';
import { useMentionable } from '../../api/mentions';
import { useMe } from '../../app/hooks';
import { useT } from '../../i18n';
import { Select } from '../../ui/Select';

const chips = css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' });
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  ps: '2.5',
  pe: '1',
  py: '0.5',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.fg',
  fontSize: 'sm',
  maxW: 'full',
});
const remove = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '6',
  h: '6',
  borderRadius: 'full',
  cursor: 'pointer',
  _hover: { bg: 'accent.default', color: 'white' },
});

type Props = {
  /** The commented object's branch; null: every branch of the reader's scope. */
  filial: number | null;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
};

/**
 * Colleagues to notify about a comment (GET /comments/mentionable/): chosen from a list of the branch's people,
 * shown as chips that can be removed; the composer adds the ids to its POST as `mentions`.
 */
export function MentionPicker({ filial, value, onChange, disabled = false }: Props) {
  const { t } = useT();
  const me = useMe();
  const people = useMentionable(filial);
  const list = people.data ?? [];
  const chosen = value.map((id) => list.find((p) => p.id === id) ?? { id, full_name: `#${id}`, role: null });
  const options = list.filter((p) => p.id !== me.id && !value.includes(p.id)).map((p) => ({ value: p.id, label: `${p.full_name} · ${t(`common.roles.${p.role}`)}` }));
  return (
    <div className={css({ display: 'grid', gap: '2' })} data-testid="mention-picker">
      <Select
        label={t('common.mentions.label')}
        name="mentions"
        placeholder={t('common.mentions.placeholder')}
        value=""
        disabled={disabled || options.length === 0}
        options={options}
        onChange={(e) => {
          const id = Number(e.target.value);
          if (id > 0 && !value.includes(id)) onChange([...value, id]);
        }}
      />
      {chosen.length ? (
        <ul className={chips} aria-label={t('common.mentions.label')} data-testid="mention-chips">
          {chosen.map((p) => (
            <li key={p.id} className={chip} data-mention-id={p.id}>
              <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>@{p.full_name}</span>
              <button
                type="button"
                className={remove}
                aria-label={t('common.mentions.remove', { name: p.full_name })}
                disabled={disabled}
                onClick={() => onChange(value.filter((id) => id !== p.id))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={css({ color: 'fg.muted', fontSize: 'xs' })}>{t('common.mentions.hint')}</p>
      )}
    </div>
  );
}
