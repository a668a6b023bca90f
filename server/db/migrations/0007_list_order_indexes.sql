CREATE INDEX "groups_name_idx" ON "groups" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "students_archived_status_idx" ON "students" USING btree ("is_archived","status");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "finance_entries_created_idx" ON "finance_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "student_charges_date_idx" ON "student_charges" USING btree ("date");