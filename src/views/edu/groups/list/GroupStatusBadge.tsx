import type { GroupStatus } from '../../../../../contract/groups';
import { useT } from '../../../../i18n';
import { Badge } from '../../../../ui/Badge';

const TONES = { planned: 'info', active: 'success', finished: 'neutral', archived: 'neutral' } as const;

export function GroupStatusBadge({ status }: { status: GroupStatus }) {
  const { t } = useT();
  return <Badge tone={TONES[status]}>{t(`groups.status.${status}`)}</Badge>;
}
