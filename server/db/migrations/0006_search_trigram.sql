-- Name and phone search (LIKE/ILIKE %…%) use trigram indexes; PGlite loads the extension in server/db/pglite.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "employees_name_trgm_idx" ON "employees" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_name_trgm_idx" ON "students" USING gin (translate(lower("full_name"), '‘’ʻʼ`', '''''''''''') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_phone_trgm_idx" ON "students" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_name_trgm_idx" ON "leads" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_phone_trgm_idx" ON "leads" USING gin ("phone" gin_trgm_ops);