import { useMachineActor } from '../../../app/useMachineActor';
import { FileUp } from 'lucide-react';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { catalogueImportMachine } from '../../../machines/catalogueImport';
import { Button } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { Tabs } from '../../../ui/Tabs';
import { CoursesTab } from './courses/CoursesTab';
import { ImportDialog } from './import/ImportDialog';
import { LevelsTab } from './levels/LevelsTab';
import { isMaterialsTab } from './materialsTabs';
import { useCatalogueRefresh } from './parts/useCatalogueRefresh';
import { useForwardToasts } from './parts/useToast';
import { SubjectsTab } from './subjects/SubjectsTab';
import { ThemesTab } from './themes/ThemesTab';
import { useMaterialsTab } from './useMaterialsQuery';

/** /edu/materials: the catalogue a centre teaches (subjects, levels, courses, themes) and its spreadsheet import. */
export default function MaterialsPage() {
  const { t } = useT();
  const { session } = useActors();
  const [tab, openTab] = useMaterialsTab();
  const refresh = useCatalogueRefresh();
  const importer = useMachineActor(catalogueImportMachine, { input: { session } });
  useForwardToasts(importer);
  useEffect(() => {
    const sub = importer.on('catalogue.imported', () => void refresh());
    return () => sub.unsubscribe();
  }, [importer, refresh]);

  return (
    <>
      <PageHeader
        title={t('nav.pages.materials')}
        actions={
          <Button variant="outline" onClick={() => importer.send({ type: 'dialog.open' })} data-testid="import-open">
            <FileUp size={16} /> {t('materials.import.open')}
          </Button>
        }
      >
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>{t('materials.subtitle')}</p>
      </PageHeader>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isMaterialsTab(value)) openTab(value);
        }}
        label={t('nav.pages.materials')}
        items={[
          { value: 'subjects', label: t('materials.tabs.subjects'), content: <SubjectsTab openTab={openTab} /> },
          { value: 'levels', label: t('materials.tabs.levels'), content: <LevelsTab openTab={openTab} /> },
          { value: 'courses', label: t('materials.tabs.courses'), content: <CoursesTab /> },
          { value: 'themes', label: t('materials.tabs.themes'), content: <ThemesTab /> },
        ]}
      />
      <ImportDialog actor={importer} />
    </>
  );
}
