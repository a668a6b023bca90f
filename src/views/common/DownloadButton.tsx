import { useSelector } from '@xstate/react';
import { useMachineActor } from '../../app/useMachineActor';
import { Download, RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import type { QueryValue } from '../../lib/params';
import { connectFileDownload, fileDownloadMachine } from '../../machines/fileDownload';
import { Button, type ButtonProps } from '../../ui/Button';

export type DownloadButtonProps = {
  /** The API path, e.g. '/lid/excel/'. */
  url: string;
  /** Query parameters; empty ones are dropped. */
  params?: Record<string, QueryValue>;
  /** A JSON body: the file is asked for with POST (e.g. a lead's document). */
  body?: unknown;
  /** The saved file's name, e.g. 'leads.xlsx'. */
  fileName: string;
  label: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  'data-testid'?: string;
};

const wrap = css({ position: 'relative', display: 'inline-flex' });
const track = css({ position: 'absolute', insetX: '2', bottom: '1', h: '2px', borderRadius: 'full', bg: 'border.default', overflow: 'hidden', pointerEvents: 'none' });
const fill = css({ h: 'full', bg: 'accent.default', transition: 'width 120ms linear' });
const sweep = css({ h: 'full', w: '40%', bg: 'accent.default', animation: 'progress 900ms ease-in-out infinite' });

/** A button that downloads a file (an Excel list, a document) and shows how far it got; a failure offers a retry. */
export function DownloadButton({ url, params, body, fileName, label, variant = 'outline', size = 'md', ...rest }: DownloadButtonProps) {
  const { t } = useT();
  const { session, toast } = useActors();
  const actor = useMachineActor(fileDownloadMachine, { input: { session } });
  const downloading = useSelector(actor, (s) => connectFileDownload(s).downloading);
  const failed = useSelector(actor, (s) => connectFileDownload(s).failed);
  const fraction = useSelector(actor, (s) => connectFileDownload(s).fraction);

  useEffect(() => {
    const sub = actor.on('toast.show', (request) => toast.send(request));
    return () => sub.unsubscribe();
  }, [actor, toast]);

  const percent = fraction === null ? null : Math.round(fraction * 100);
  const text = downloading ? (percent === null ? t('common.download.busy') : t('common.download.percent', { percent })) : failed ? t('common.download.retry') : label;

  return (
    <span className={wrap}>
      <Button
        variant={variant}
        size={size}
        disabled={downloading}
        aria-busy={downloading}
        title={failed ? t('common.download.failed') : undefined}
        data-state={downloading ? 'downloading' : failed ? 'failed' : 'idle'}
        data-testid={rest['data-testid']}
        onClick={() => actor.send(failed ? { type: 'download.retry' } : { type: 'download.start', url, params, body, fileName })}
      >
        {failed ? <RotateCcw size={16} /> : <Download size={16} />}
        <span className={css({ minW: downloading ? '16' : undefined, textAlign: 'left' })}>{text}</span>
      </Button>
      {downloading && (
        <span className={track} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent ?? undefined}>
          <span className={percent === null ? sweep : fill} style={percent === null ? undefined : { width: `${percent}%` }} />
        </span>
      )}
    </span>
  );
}
