import { useState } from 'react';
import { addEmployeeComment, useEmployeeComments } from '../../../api/employees';
import { CommentsPanel } from '../../common/CommentsPanel';

const TEXTS = { label: 'employees.comments.placeholder', add: 'employees.comments.add', empty: 'employees.comments.empty', loadFailed: 'employees.comments.loadFailed' };

/** Notes on the employee (GET / POST /comments/stuff/), newest first. */
export function CommentsTab({ employeeId, filial = null }: { employeeId: number; filial?: number | null }) {
  const [page, setPage] = useState(1);
  const comments = useEmployeeComments(employeeId, page);
  return (
    <CommentsPanel
      comments={comments}
      add={(text, mentions) => addEmployeeComment(employeeId, text, mentions)}
      filial={filial}
      page={page}
      onPage={setPage}
      texts={TEXTS}
      testId="employee-comments"
    />
  );
}
