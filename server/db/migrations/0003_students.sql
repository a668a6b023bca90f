CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer,
	"student_id" integer,
	"lead_id" integer,
	"employee_id" integer,
	"author_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_one_target_chk" CHECK (num_nonnulls("comments"."student_id", "comments"."lead_id", "comments"."employee_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "student_freezes" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"filial_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"ended_on" date,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_freezes_period_chk" CHECK ("student_freezes"."to_date" >= "student_freezes"."from_date")
);
--> statement-breakpoint
CREATE TABLE "student_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "archived_from_status" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_freezes" ADD CONSTRAINT "student_freezes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_freezes" ADD CONSTRAINT "student_freezes_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_freezes" ADD CONSTRAINT "student_freezes_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_logs" ADD CONSTRAINT "student_logs_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_logs" ADD CONSTRAINT "student_logs_actor_id_employees_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_student_idx" ON "comments" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "comments_lead_idx" ON "comments" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "comments_employee_idx" ON "comments" USING btree ("employee_id","id");--> statement-breakpoint
CREATE INDEX "student_freezes_student_idx" ON "student_freezes" USING btree ("student_id","from_date");--> statement-breakpoint
CREATE INDEX "student_freezes_filial_idx" ON "student_freezes" USING btree ("filial_id","from_date");--> statement-breakpoint
CREATE INDEX "student_logs_student_idx" ON "student_logs" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "students_lead_idx" ON "students" USING btree ("lead_id");