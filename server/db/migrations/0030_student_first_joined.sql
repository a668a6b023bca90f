ALTER TABLE "students" ADD COLUMN "first_joined_on" date;--> statement-breakpoint
CREATE INDEX "students_first_joined_idx" ON "students" USING btree ("first_joined_on","filial_id");--> statement-breakpoint
-- students.first_joined_on is min(student_groups.joined_on) per student, kept per statement (transition tables):
-- the admin report's "joined" reads a range of students_first_joined_idx instead of looking for an earlier
-- membership of every membership begun in the period.
-- A new membership can only make the day earlier: set it where it does (the row lock orders concurrent writers).
CREATE FUNCTION student_first_joined_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE students s SET first_joined_on = n.joined_on
    FROM (SELECT student_id, min(joined_on) AS joined_on FROM new_memberships GROUP BY student_id) n
    WHERE s.id = n.student_id AND (s.first_joined_on IS NULL OR s.first_joined_on > n.joined_on);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An edited or removed membership may have been the first: recount the students it touched. Their rows are locked
-- first, so the recount (a new snapshot, this being a volatile function) sees any membership another writer
-- committed meanwhile.
CREATE FUNCTION student_first_joined_recount(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM students WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE students s SET first_joined_on = m.joined_on
    FROM (SELECT i.id, (SELECT min(sg.joined_on) FROM student_groups sg WHERE sg.student_id = i.id) AS joined_on
          FROM unnest(ids) AS i(id)) m
    WHERE s.id = m.id AND s.first_joined_on IS DISTINCT FROM m.joined_on;
END $$;
--> statement-breakpoint
CREATE FUNCTION student_first_joined_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM student_first_joined_recount(ARRAY(
    SELECT DISTINCT x.student_id FROM old_memberships o JOIN new_memberships n ON n.id = o.id,
      LATERAL (VALUES (o.student_id), (n.student_id)) AS x(student_id)
    WHERE (o.student_id, o.joined_on) IS DISTINCT FROM (n.student_id, n.joined_on)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION student_first_joined_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM student_first_joined_recount(ARRAY(SELECT DISTINCT student_id FROM old_memberships));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_groups_first_joined_insert AFTER INSERT ON student_groups REFERENCING NEW TABLE AS new_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION student_first_joined_inserted();
--> statement-breakpoint
CREATE TRIGGER student_groups_first_joined_update AFTER UPDATE ON student_groups REFERENCING OLD TABLE AS old_memberships NEW TABLE AS new_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION student_first_joined_updated();
--> statement-breakpoint
CREATE TRIGGER student_groups_first_joined_delete AFTER DELETE ON student_groups REFERENCING OLD TABLE AS old_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION student_first_joined_deleted();
--> statement-breakpoint
-- Also called by the scale seed, whose fast mode writes memberships with the triggers off.
CREATE FUNCTION rebuild_student_first_joined() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE students s SET first_joined_on = m.joined_on
    FROM (SELECT st.id, (SELECT min(sg.joined_on) FROM student_groups sg WHERE sg.student_id = st.id) AS joined_on FROM students st) m
    WHERE s.id = m.id AND s.first_joined_on IS DISTINCT FROM m.joined_on;
END $$;
--> statement-breakpoint
SELECT rebuild_student_first_joined();
