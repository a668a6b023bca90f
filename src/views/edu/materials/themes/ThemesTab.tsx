import { ClipboardList, Pencil } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { Theme } from '../../../../../contract/catalogue';
import { catalogueKeys, patchTheme, useThemes } from '../../../../api/catalogue';
import { useT } from '../../../../i18n';
import { ArchiveToggle } from '../parts/ArchiveToggle';
import { LevelSelect, SubjectSelect } from '../parts/CatalogueSelects';
import { IconAction } from '../parts/IconAction';
import { ArchivedCatalogue, CatalogueOrder } from '../parts/OrderedCatalogue';
import { OrderedTabShell } from '../parts/OrderedTabShell';
import { filterBox, itemName, rowActions } from '../parts/styles';
import { useCatalogueRefresh } from '../parts/useCatalogueRefresh';
import { useMaterialsQuery } from '../useMaterialsQuery';
import { HomeworkDialog } from './HomeworkDialog';
import { ThemeDialog } from './ThemeDialog';

const descriptionLine = css({
  color: 'fg.muted',
  fontSize: 'sm',
  w: 'full',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** A level's themes in teaching order: drag to reorder, create, edit, archive, and each theme's homework. */
export function ThemesTab() {
  const { t } = useT();
  const refresh = useCatalogueRefresh();
  const query = useMaterialsQuery();
  const subjectId = query.id('subject');
  const levelId = subjectId === null ? null : query.id('level');
  const themes = useThemes(levelId);
  const [editing, setEditing] = useState<Theme | 'new' | null>(null);
  const [homeworkOf, setHomeworkOf] = useState<Theme | null>(null);
  const setArchived = (theme: Theme, is_archived: boolean) => patchTheme(theme.id, { is_archived }).then(refresh);

  const prompt = subjectId === null ? t('materials.themes.chooseSubject') : levelId === null ? t('materials.themes.chooseLevel') : null;

  return (
    <OrderedTabShell
      label={t('materials.tabs.themes')}
      filters={
        <>
          <SubjectSelect
            className={filterBox}
            label={t('materials.subject')}
            placeholder={t('materials.chooseSubject')}
            value={subjectId}
            onChange={(id) => query.update({ subject: id, level: null })}
            testId="themes-subject"
          />
          <LevelSelect
            className={filterBox}
            subjectId={subjectId}
            label={t('materials.level')}
            placeholder={t('materials.chooseLevel')}
            value={levelId}
            onChange={(id) => query.update({ level: id })}
            testId="themes-level"
          />
        </>
      }
      create={{ label: t('materials.themes.create'), testId: 'theme-create', onClick: () => setEditing('new') }}
      prompt={prompt}
      items={themes}
      empty={{ text: t('materials.themes.none'), testId: 'themes-empty' }}
      renderList={(items) =>
        levelId === null ? null : (
          <ThemeOrder
            key={levelId}
            levelId={levelId}
            themes={items}
            onEdit={setEditing}
            onHomework={setHomeworkOf}
            onArchive={(theme) => setArchived(theme, true)}
          />
        )
      }
    >
      {levelId !== null ? (
        <ArchivedCatalogue<Theme>
          key={levelId}
          kind="theme"
          title={t('materials.themes.archivedTitle')}
          // biome-ignore lint/correctness/useHookAtTopLevel: a hook passed as a prop; ArchivedList calls it first thing in every render
          useItems={(open) => useThemes(open ? levelId : null, true)}
          testId="themes-archived"
          setArchived={setArchived}
        />
      ) : null}
      {levelId !== null ? <ThemeDialog editing={editing} levelId={levelId} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
      <HomeworkDialog theme={homeworkOf} onClose={() => setHomeworkOf(null)} />
    </OrderedTabShell>
  );
}

type ThemeOrderProps = {
  levelId: number;
  themes: Theme[];
  onEdit: (theme: Theme) => void;
  onHomework: (theme: Theme) => void;
  onArchive: (theme: Theme) => Promise<unknown>;
};

function ThemeOrder({ levelId, themes, onEdit, onHomework, onArchive }: ThemeOrderProps) {
  const { t } = useT();
  return (
    <CatalogueOrder
      kind="themes"
      parentId={levelId}
      items={themes}
      queryKey={catalogueKeys.themes(levelId, false)}
      label={t('materials.themes.listLabel')}
      testId="themes-list"
      renderItem={(theme) => (
        <>
          <div className={css({ flex: '1', minW: '0' })}>
            <div className={itemName}>{theme.name}</div>
            {theme.description ? <div className={descriptionLine}>{theme.description}</div> : null}
          </div>
          <div className={rowActions}>
            <IconAction label={`${t('materials.homework.open')}: ${theme.name}`} onClick={() => onHomework(theme)}>
              <ClipboardList size={16} />
            </IconAction>
            <IconAction label={`${t('materials.edit')}: ${theme.name}`} onClick={() => onEdit(theme)}>
              <Pencil size={16} />
            </IconAction>
            <ArchiveToggle kind="theme" archived={false} name={theme.name} onChange={() => onArchive(theme)} />
          </div>
        </>
      )}
    />
  );
}
