import { addStudentComment, useStudentComments } from '../../../api/studentDetail';
import { CommentsPanel } from '../../common/CommentsPanel';

const TEXTS = {
  label: 'student_detail.comments.new',
  add: 'student_detail.comments.add',
  empty: 'student_detail.comments.empty',
  loadFailed: 'student_detail.failedLoad',
  loading: 'student_detail.loading',
  system: 'student_detail.system',
};

/** Notes on the student, newest first, and a box to add one (POST /comments/); the page lives in the address. */
export function CommentsTab({ studentId, filial = null, page, onPage }: { studentId: number; filial?: number | null; page: number; onPage: (page: number) => void }) {
  const comments = useStudentComments(studentId, page);
  return (
    <CommentsPanel
      comments={comments}
      add={(text, mentions) => addStudentComment(studentId, text, mentions)}
      filial={filial}
      page={page}
      onPage={onPage}
      texts={TEXTS}
      testId="comments-tab"
    />
  );
}
