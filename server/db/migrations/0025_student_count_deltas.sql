CREATE TABLE "student_count_deltas" (
	"filial_id" integer NOT NULL,
	"status" text NOT NULL,
	"is_archived" boolean NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "student_count_deltas_filial_idx" ON "student_count_deltas" USING btree ("filial_id");--> statement-breakpoint
-- One row per key a statement changed, summed over its rows (statement triggers with transition tables): a bulk
-- import of 20,000 students adds a handful of rows, and an insert never waits for another writer.
CREATE FUNCTION student_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_count_deltas (filial_id, status, is_archived, delta)
    SELECT filial_id, status, is_archived, count(*) FROM new_students GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION student_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_count_deltas (filial_id, status, is_archived, delta)
    SELECT filial_id, status, is_archived, -count(*) FROM old_students GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION student_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_count_deltas (filial_id, status, is_archived, delta)
    SELECT filial_id, status, is_archived, sum(delta) FROM (
      SELECT o.filial_id, o.status, o.is_archived, -1 AS delta FROM old_students o JOIN new_students n ON n.id = o.id
        WHERE (o.filial_id, o.status, o.is_archived) IS DISTINCT FROM (n.filial_id, n.status, n.is_archived)
      UNION ALL
      SELECT n.filial_id, n.status, n.is_archived, 1 FROM old_students o JOIN new_students n ON n.id = o.id
        WHERE (o.filial_id, o.status, o.is_archived) IS DISTINCT FROM (n.filial_id, n.status, n.is_archived)
    ) moved GROUP BY 1, 2, 3 HAVING sum(delta) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER students_counts_insert AFTER INSERT ON students REFERENCING NEW TABLE AS new_students
  FOR EACH STATEMENT EXECUTE FUNCTION student_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER students_counts_delete AFTER DELETE ON students REFERENCING OLD TABLE AS old_students
  FOR EACH STATEMENT EXECUTE FUNCTION student_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER students_counts_update AFTER UPDATE ON students REFERENCING OLD TABLE AS old_students NEW TABLE AS new_students
  FOR EACH STATEMENT EXECUTE FUNCTION student_counts_updated();
--> statement-breakpoint
-- Also called by the scale seed, whose fast mode writes students with the triggers off.
CREATE FUNCTION rebuild_student_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_count_deltas;
  INSERT INTO student_count_deltas (filial_id, status, is_archived, delta)
    SELECT filial_id, status, is_archived, count(*) FROM students GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
SELECT rebuild_student_counts();
