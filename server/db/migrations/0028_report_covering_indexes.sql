-- The admin report's leads and movements read a few columns of many rows: with those columns in the index its
-- scans are index-only, where each row cost a heap page (issue 19; docs/performance.md, capacity). INCLUDE is not
-- expressible in drizzle's schema, so the schema keeps the key columns and this migration the rest.
DROP INDEX "leads_created_idx";--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id") INCLUDE ("filial_id","source_id","operator_id","stage","is_archived","student_id");--> statement-breakpoint
DROP INDEX "student_groups_joined_idx";--> statement-breakpoint
CREATE INDEX "student_groups_joined_idx" ON "student_groups" USING btree ("joined_on") INCLUDE ("student_id");--> statement-breakpoint
DROP INDEX "student_groups_left_idx";--> statement-breakpoint
CREATE INDEX "student_groups_left_idx" ON "student_groups" USING btree ("left_on") INCLUDE ("group_id","end_reason");--> statement-breakpoint
DROP INDEX "students_archived_at_idx";--> statement-breakpoint
CREATE INDEX "students_archived_at_idx" ON "students" USING btree ("archived_at") INCLUDE ("filial_id");--> statement-breakpoint
-- A student's branch by id without the heap: the report looks up the branch of each student who joined.
CREATE INDEX "students_id_filial_idx" ON "students" USING btree ("id") INCLUDE ("filial_id");
