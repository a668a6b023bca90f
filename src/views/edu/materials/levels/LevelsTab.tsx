import { BookOpen, Pencil } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { Level } from '../../../../../contract/catalogue';
import { catalogueKeys, createLevel, updateLevel, useLevels } from '../../../../api/catalogue';
import { useT } from '../../../../i18n';
import { ArchiveToggle } from '../parts/ArchiveToggle';
import { SubjectSelect } from '../parts/CatalogueSelects';
import { IconAction } from '../parts/IconAction';
import { NameDialog } from '../parts/NameDialog';
import { ArchivedCatalogue, CatalogueOrder } from '../parts/OrderedCatalogue';
import { OrderedTabShell } from '../parts/OrderedTabShell';
import { filterBox, itemName, muted, rowActions } from '../parts/styles';
import { useCatalogueRefresh } from '../parts/useCatalogueRefresh';
import { useToast } from '../parts/useToast';
import type { MaterialsTab } from '../materialsTabs';
import { useMaterialsQuery } from '../useMaterialsQuery';

type Editing = { kind: 'new' } | { kind: 'rename'; level: Level } | null;

/** A subject's levels in teaching order: drag to reorder, create, rename, archive; archived ones folded below. */
export function LevelsTab({ openTab }: { openTab: (tab: MaterialsTab, filters?: Record<string, number>) => void }) {
  const { t } = useT();
  const toast = useToast();
  const refresh = useCatalogueRefresh();
  const query = useMaterialsQuery();
  const subjectId = query.id('subject');
  const levels = useLevels(subjectId);
  const [editing, setEditing] = useState<Editing>(null);

  const save = async (name: string) => {
    if (editing?.kind === 'rename') {
      await updateLevel(editing.level.id, { name });
      toast('success', 'materials.levels.renamed', { name });
    } else if (subjectId !== null) {
      await createLevel({ subject: subjectId, name });
      toast('success', 'materials.levels.created', { name });
    }
    await refresh();
  };
  const setArchived = (level: Level, is_archived: boolean) => updateLevel(level.id, { is_archived }).then(refresh);

  return (
    <OrderedTabShell
      label={t('materials.tabs.levels')}
      filters={
        <SubjectSelect
          className={filterBox}
          label={t('materials.subject')}
          placeholder={t('materials.chooseSubject')}
          value={subjectId}
          onChange={(id) => query.update({ subject: id })}
          testId="levels-subject"
        />
      }
      create={{ label: t('materials.levels.create'), testId: 'level-create', onClick: () => setEditing({ kind: 'new' }) }}
      prompt={subjectId === null ? t('materials.levels.chooseSubject') : null}
      items={levels}
      empty={{ text: t('materials.levels.none'), testId: 'levels-empty' }}
      renderList={(items) =>
        subjectId === null ? null : (
          <LevelOrder
            key={subjectId}
            subjectId={subjectId}
            levels={items}
            onRename={(level) => setEditing({ kind: 'rename', level })}
            onArchive={(level) => setArchived(level, true)}
            onThemes={(level) => openTab('themes', { subject: subjectId, level: level.id })}
          />
        )
      }
    >
      {subjectId !== null ? (
        <ArchivedCatalogue<Level>
          key={subjectId}
          kind="level"
          title={t('materials.levels.archivedTitle')}
          // biome-ignore lint/correctness/useHookAtTopLevel: a hook passed as a prop; ArchivedList calls it first thing in every render
          useItems={(open) => useLevels(open ? subjectId : null, true)}
          testId="levels-archived"
          setArchived={setArchived}
        />
      ) : null}
      <NameDialog
        open={editing !== null}
        title={editing?.kind === 'rename' ? t('materials.levels.renameTitle') : t('materials.levels.createTitle')}
        label="materials.levels.name"
        initialName={editing?.kind === 'rename' ? editing.level.name : ''}
        onClose={() => setEditing(null)}
        save={save}
        testId="level-form"
      />
    </OrderedTabShell>
  );
}

type LevelOrderProps = {
  subjectId: number;
  levels: Level[];
  onRename: (level: Level) => void;
  onArchive: (level: Level) => Promise<unknown>;
  onThemes: (level: Level) => void;
};

function LevelOrder({ subjectId, levels, onRename, onArchive, onThemes }: LevelOrderProps) {
  const { t } = useT();
  return (
    <CatalogueOrder
      kind="levels"
      parentId={subjectId}
      items={levels}
      queryKey={catalogueKeys.levels(subjectId, false)}
      label={t('materials.levels.listLabel')}
      testId="levels-list"
      renderItem={(level) => (
        <>
          <div className={css({ flex: '1', minW: '0' })}>
            <div className={itemName} data-testid="level-name">
              {level.name}
            </div>
            <div className={muted}>{t('materials.levels.themesCount', { count: level.themes_count })}</div>
          </div>
          <div className={rowActions}>
            <IconAction label={`${t('materials.levels.openThemes')}: ${level.name}`} onClick={() => onThemes(level)}>
              <BookOpen size={16} />
            </IconAction>
            <IconAction label={`${t('materials.rename')}: ${level.name}`} onClick={() => onRename(level)}>
              <Pencil size={16} />
            </IconAction>
            <ArchiveToggle kind="level" archived={false} name={level.name} onChange={() => onArchive(level)} />
          </div>
        </>
      )}
    />
  );
}
