import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { OPENAPI_URL, useOpenApiDoc } from '../../../api/apiDocs';
import { useT } from '../../../i18n';
import { Field } from '../../../ui/Field';
import { PageHeader } from '../../../ui/PageHeader';
import { Select } from '../../../ui/Select';
import { EndpointItem } from './EndpointItem';
import { endpointsOf, groupByTag, matchesSearch } from './apiDocsModel';

const toolbar = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'end', mb: '4' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });
const link = css({ color: 'accent.default', fontWeight: 'medium', fontSize: 'sm', textDecoration: 'underline', textUnderlineOffset: '2px' });

/** /control/api: the API reference for the centre's integrators, read from the server's OpenAPI document. */
export default function ApiDocsPage() {
  const { t } = useT();
  const doc = useOpenApiDoc();
  const [search, setSearch] = useState('');
  const [area, setArea] = useState('');
  const all = useMemo(() => (doc.data ? endpointsOf(doc.data) : []), [doc.data]);
  const areas = useMemo(() => groupByTag(all).map((g) => g.tag), [all]);
  const shown = useMemo(() => all.filter((e) => (!area || e.tag === area) && matchesSearch(e, search)), [all, area, search]);
  const groups = useMemo(() => groupByTag(shown), [shown]);

  return (
    <div>
      <PageHeader
        title={t('api_docs.title')}
        actions={
          <a href={OPENAPI_URL} download="markaz-openapi.json" className={link} data-testid="api-docs-download">
            {t('api_docs.download')}
          </a>
        }
      >
        <p className={muted}>{t('api_docs.subtitle')}</p>
        {doc.data ? <p className={muted}>{t('api_docs.version', { version: doc.data.info.version, count: all.length })}</p> : null}
      </PageHeader>
      <div className={toolbar}>
        <Field
          label={t('api_docs.search')}
          name="search"
          type="search"
          placeholder={t('api_docs.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="api-docs-search"
        />
        <Select label={t('api_docs.area')} name="area" value={area} placeholder={t('api_docs.allAreas')} onChange={(e) => setArea(e.target.value)} options={areas.map((a) => ({ value: a, label: a }))} />
      </div>
      {doc.isError ? <p role="alert" className={css({ color: 'danger.default', mb: '3' })}>{t('api_docs.loadFailed')}</p> : null}
      {doc.isLoading ? <p className={muted}>{t('api_docs.loading')}</p> : null}
      {doc.data ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '3' })} data-testid="api-docs-count" aria-live="polite">
          {t('api_docs.shown', { count: shown.length, total: all.length })}
        </p>
      ) : null}
      {doc.data && shown.length === 0 ? (
        <p className={css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' })}>{t('api_docs.empty')}</p>
      ) : null}
      <div className={css({ display: 'grid', gap: '6' })}>
        {groups.map((group) => (
          <section key={group.tag} aria-labelledby={`api-tag-${group.tag}`} data-testid={`api-tag-${group.tag}`}>
            <h2 id={`api-tag-${group.tag}`} className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2', display: 'flex', alignItems: 'baseline', gap: '2' })}>
              <span translate="no">{group.tag}</span>
              <span className={css({ fontSize: 'sm', fontWeight: 'normal', color: 'fg.muted' })}>{group.endpoints.length}</span>
            </h2>
            <ul className={css({ display: 'grid', gap: '2' })}>
              {group.endpoints.map((endpoint) => (
                <EndpointItem key={endpoint.id} endpoint={endpoint} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
