import { lazy, Suspense } from 'react';
import { GroupsList } from './list/GroupsList';
import { intParam, useQueryParams } from '../../common/useQueryParams';

// A group's own page is `/edu/groups?id=12` (design page): its code loads only when a group is opened.
const GroupDetail = lazy(() => import('./detail/GroupDetail'));

/** /edu/groups: the list, or one group when the query names it. */
export default function GroupsPage() {
  const [params] = useQueryParams();
  const id = intParam(params, 'id');
  if (id !== undefined) {
    return (
      <Suspense fallback={null}>
        <GroupDetail key={id} id={id} />
      </Suspense>
    );
  }
  return <GroupsList />;
}
