// The messages page's filters live in its query (?filial=&status=&channel=&event=&start_date=&end_date=&student=&page=),
// so a filtered view can be shared and survives a reload.
import { MESSAGE_EVENTS, type MessageEvent } from '../../../../contract/parentMessages';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES, type MessagesQuery } from '../../../../contract/parentMessagesApi';
import { intParam } from '../useQueryParams';

export const MESSAGES_PAGE_SIZE = 30;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined => (v && (values as readonly string[]).includes(v) ? (v as T) : undefined);

/** The API query of the page's search parameters; unusable values are left out rather than sent. */
export function messagesQueryFromParams(params: URLSearchParams): Partial<MessagesQuery> & { page: number } {
  const day = (key: string) => {
    const v = params.get(key);
    return v && ISO_DAY.test(v) ? v : undefined;
  };
  return {
    page: intParam(params, 'page') ?? 1,
    page_size: MESSAGES_PAGE_SIZE,
    filial: intParam(params, 'filial'),
    student: intParam(params, 'student'),
    status: oneOf(MESSAGE_STATUSES, params.get('status')),
    channel: oneOf(MESSAGE_CHANNELS, params.get('channel')),
    event: oneOf<MessageEvent>(MESSAGE_EVENTS, params.get('event')),
    start_date: day('start_date'),
    end_date: day('end_date'),
  };
}

/** The badge colour of a status. */
export function statusTone(status: (typeof MESSAGE_STATUSES)[number]): 'neutral' | 'accent' | 'success' | 'danger' | 'info' {
  if (status === 'delivered') return 'success';
  if (status === 'sent') return 'accent';
  if (status === 'failed') return 'danger';
  if (status === 'sending') return 'info';
  return 'neutral';
}
