import { Archive, ArchiveRestore } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../../../../i18n';
import { Button } from '../../../../ui/Button';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { useWrite } from '../../../common/useWrite';

type ArchiveToggleProps = {
  /** What it is now. */
  archived: boolean;
  /** Shown in the question: "Archive «Matematika»?" */
  name: string;
  /** Sends the new archived flag. */
  onChange: (archived: boolean) => Promise<unknown>;
  /** The item kind for the question's wording: materials.archive.<kind>.* */
  kind: 'subject' | 'level' | 'theme' | 'course';
};

/** Archive or bring back, after the generic confirm dialog (spec section 2); a toast says how it went. */
export function ArchiveToggle({ archived, name, onChange, kind }: ArchiveToggleProps) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const action = archived ? 'restore' : 'archive';
  const write = useWrite((next: boolean) => onChange(next), {
    success: (next) => `materials.${next ? 'archive' : 'restore'}.done`,
    successValues: { name },
    failureToast: 'common.errors.unknown',
    repeatable: true,
  });
  const confirm = () => {
    setAsking(false);
    write.submit(!archived);
  };
  return (
    // Clicks inside the confirm dialog bubble through its portal to React parents: keep them from a clickable row.
    <span onClick={(e) => e.stopPropagation()} className={css({ display: 'contents' })}>
      <Button
        variant="ghost"
        size="sm"
        onClick={(e) => {
          e.stopPropagation();
          setAsking(true);
        }}
        disabled={write.submitting}
        aria-label={`${t(`materials.${action}.button`)}: ${name}`}
        title={t(`materials.${action}.button`)}
      >
        {archived ? <ArchiveRestore size={16} /> : <Archive size={16} />}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t(`materials.${action}.title.${kind}`)}
        description={t(`materials.${action}.description.${kind}`, { name })}
        cancelLabel={t('common.actions.cancel')}
        confirmLabel={t(`materials.${action}.button`)}
        tone={archived ? 'solid' : 'danger'}
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      />
    </span>
  );
}
