import { ChevronRight, Lock, Unlock } from 'lucide-react';
import { Fragment, useState } from 'react';
import { css } from 'styled-system/css';
import { badge } from '../../../ui/Badge';
import { useT } from '../../../i18n';
import type { ApiEndpoint, ApiField } from './apiDocsModel';

// The design system's badge in a fixed-width monospaced cut, one tone per method.
const METHOD_TONE = { GET: 'info', POST: 'success', PUT: 'accent', PATCH: 'accent', DELETE: 'danger' } as const;
const methodBadge = (method: string) =>
  css(badge.raw({ tone: METHOD_TONE[method as keyof typeof METHOD_TONE] ?? 'neutral' }), {
    fontFamily: 'mono', fontWeight: 'bold', borderRadius: 'control', minW: '16', justifyContent: 'center', flexShrink: 0,
  });

const item = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', overflow: 'hidden' });
const summary = css({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: '2',
  px: '3',
  py: '2.5',
  cursor: 'pointer',
  listStyle: 'none',
  '&::-webkit-details-marker': { display: 'none' },
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
});
const chevron = css({ color: 'fg.subtle', transition: 'transform 0.15s', flexShrink: 0, 'details[open] > summary > &': { transform: 'rotate(90deg)' } });
const pathText = css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere', flex: '1', minW: '0' });
const th = css({ textAlign: 'start', px: '2', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', borderBottomWidth: '1px', borderColor: 'border.default' });
const td = css({ px: '2', py: '1.5', fontSize: 'sm', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' });
const code = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-word' });
const heading = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide', mb: '1' });

/** A long path wraps after a slash on a phone rather than inside a word. */
function breakableAtSlashes(path: string) {
  return path.split('/').map((part, i) => (
    <Fragment key={i}>
      {i > 1 ? <wbr /> : null}
      {i > 0 ? '/' : ''}
      {part}
    </Fragment>
  ));
}

function FieldsTable({ fields, testId }: { fields: ApiField[]; testId: string }) {
  const { t } = useT();
  return (
    <div className={css({ overflowX: 'auto' })}>
      <table className={css({ w: 'full', borderCollapse: 'collapse' })} data-testid={testId}>
        <thead>
          <tr>
            <th className={th}>{t('api_docs.name')}</th>
            <th className={th}>{t('api_docs.in')}</th>
            <th className={th}>{t('api_docs.type')}</th>
            <th className={th}>{t('api_docs.required')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={`${f.where}-${f.name}`}>
              <td className={td}>
                <code className={code}>{f.name}</code>
              </td>
              <td className={td}>{t(`api_docs.where.${f.where}`)}</td>
              <td className={td}>
                <code className={code}>{f.type}</code>
              </td>
              <td className={td}>{f.required ? t('api_docs.yes') : t('api_docs.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Guards({ endpoint }: { endpoint: ApiEndpoint }) {
  const { t } = useT();
  if (!endpoint.auth) return <p className={css({ fontSize: 'sm' })}>{t('api_docs.publicText')}</p>;
  if (endpoint.guards.length === 0) return <p className={css({ fontSize: 'sm' })}>{t('api_docs.noPageGuard')}</p>;
  return (
    <ul className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
      {endpoint.guards.map((g, i) => (
        <li key={i}>
          {t('api_docs.anyOf')}{' '}
          {g.anyOf.map((p, j) => (
            <span key={p}>
              {j > 0 ? ', ' : ''}
              {t(`roles.pages.${p}`)} <code className={code}>({p})</code>
            </span>
          ))}
          {g.refusedRoles.length ? <> · {t('api_docs.refused', { roles: g.refusedRoles.map((r) => t(`common.roles.${r}`)).join(', ') })}</> : null}
        </li>
      ))}
    </ul>
  );
}

/** One operation: method, path and access in the summary; parameters, body fields and answers when opened. */
export function EndpointItem({ endpoint }: { endpoint: ApiEndpoint }) {
  const { t } = useT();
  const params = endpoint.params;
  // The body is built when first opened: 200-odd operations with their tables made the page slow to lay out.
  const [opened, setOpened] = useState(false);
  return (
    <li className={item} data-testid="api-endpoint" data-method={endpoint.method} data-path={endpoint.path}>
      <details onToggle={(e) => e.currentTarget.open && setOpened(true)}>
        <summary className={summary}>
          <ChevronRight size={16} aria-hidden="true" className={chevron} />
          <span className={methodBadge(endpoint.method)}>{endpoint.method}</span>
          <span className={pathText} translate="no">
            {breakableAtSlashes(endpoint.path)}
          </span>
          {endpoint.auth ? (
            <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'xs', color: 'fg.muted' })}>
              <Lock size={12} aria-hidden="true" />
              {t('api_docs.token')}
            </span>
          ) : (
            <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'xs', color: 'success.default' })}>
              <Unlock size={12} aria-hidden="true" />
              {t('api_docs.public')}
            </span>
          )}
        </summary>
        {opened ? (
        <div className={css({ display: 'grid', gap: '4', px: '3', pb: '3', pt: '1', borderTopWidth: '1px', borderColor: 'border.default' })}>
          <div>
            <div className={heading}>{t('api_docs.access')}</div>
            <Guards endpoint={endpoint} />
          </div>
          <div>
            <div className={heading}>{t('api_docs.parameters')}</div>
            {params.length ? <FieldsTable fields={params} testId="api-params" /> : <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('api_docs.none')}</p>}
          </div>
          {endpoint.body.length || endpoint.bodyType ? (
            <div>
              <div className={heading}>{t('api_docs.body')}</div>
              {endpoint.body.length ? <FieldsTable fields={endpoint.body} testId="api-body" /> : <code className={code}>{endpoint.bodyType}</code>}
            </div>
          ) : null}
          <div>
            <div className={heading}>{t('api_docs.responses')}</div>
            <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
              {endpoint.statuses.map((s) => (
                <code key={s} className={css({ fontFamily: 'mono', fontSize: 'xs', px: '1.5', py: '0.5', borderRadius: 'control', bg: s.startsWith('2') ? 'success.subtle' : 'bg.muted' })} title={t(`api_docs.status.${s}`)}>
                  {s} {t(`api_docs.status.${s}`)}
                </code>
              ))}
            </p>
          </div>
        </div>
        ) : null}
      </details>
    </li>
  );
}
