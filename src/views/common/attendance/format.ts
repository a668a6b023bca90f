// Small display rules of the group page.

type Counts = { present: number; late: number; excused: number; absent: number };

/** Share of marked lessons attended (present or late), in whole percent; null before anything is marked. */
export function attendanceRate(c: Counts): number | null {
  const marked = c.present + c.late + c.excused + c.absent;
  return marked === 0 ? null : Math.round(((c.present + c.late) * 100) / marked);
}
