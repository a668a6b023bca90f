import { css } from 'styled-system/css';
import { LEAD_DOCUMENT_KINDS } from '../../../../contract/leadDownloads';
import { useT } from '../../../i18n';
import { DOCUMENT_EXTENSION } from '../../../lib/files';
import { toIsoDay } from '../../../lib/dates';
import { DownloadButton } from '../../common/DownloadButton';

/** The lead's application and contract as .docx (POST /lid/document/ {lead, kind}), each with its progress. */
export function LeadDocuments({ leadId }: { leadId: number }) {
  const { t } = useT();
  const stem = { application: 'ariza', contract: 'shartnoma' } as const;
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })} data-testid="lead-documents">
      {LEAD_DOCUMENT_KINDS.map((kind) => (
        <DownloadButton
          key={kind}
          url="/lid/document/"
          body={{ lead: leadId, kind }}
          fileName={`${stem[kind]}-${leadId}-${toIsoDay(new Date())}.${DOCUMENT_EXTENSION}`}
          label={t(`lead_detail.documents.${kind}`)}
          size="sm"
          data-testid={`lead-document-${kind}`}
        />
      ))}
    </div>
  );
}
