CREATE INDEX "student_groups_joined_idx" ON "student_groups" USING btree ("joined_on");--> statement-breakpoint
CREATE INDEX "student_groups_left_idx" ON "student_groups" USING btree ("left_on");--> statement-breakpoint
CREATE INDEX "student_groups_student_joined_idx" ON "student_groups" USING btree ("student_id","joined_on");--> statement-breakpoint
CREATE INDEX "students_archived_at_idx" ON "students" USING btree ("archived_at");