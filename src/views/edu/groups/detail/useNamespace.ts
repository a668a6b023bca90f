import { useEffect } from 'react';
import { currentLang, loadNamespaces, useT } from '../../../../i18n';

/** Loads this view's namespace: the detail is rendered inside the groups page, whose route loads only its own. */
export function useGroupDetailNamespace(): void {
  const { lang } = useT();
  useEffect(() => {
    void loadNamespaces(currentLang(), ['group_detail']);
  }, [lang]);
}
