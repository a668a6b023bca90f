CREATE TABLE "employee_photos" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_profiles" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"subject_id" integer,
	"is_call_operator" boolean DEFAULT false NOT NULL,
	"salary_kind" text,
	"salary_amount" numeric(14, 2),
	"salary_percent" numeric(5, 2),
	"work_days" smallint[] DEFAULT '{1,2,3,4,5,6}'::smallint[] NOT NULL,
	"work_start" time,
	"work_end" time,
	"archived_at" timestamp with time zone,
	"archived_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_profiles_percent_chk" CHECK ("employee_profiles"."salary_percent" IS NULL OR ("employee_profiles"."salary_percent" >= 0 AND "employee_profiles"."salary_percent" <= 100))
);
--> statement-breakpoint
CREATE TABLE "role_pages" (
	"role" text NOT NULL,
	"page" text NOT NULL,
	"is_readable" boolean NOT NULL,
	CONSTRAINT "role_pages_role_page_pk" PRIMARY KEY("role","page")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"performer_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"lead_id" integer,
	"student_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"done_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_record_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"editor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"filial_id" integer NOT NULL,
	"day" date NOT NULL,
	"arrived_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_records_order_chk" CHECK ("time_records"."left_at" IS NULL OR "time_records"."arrived_at" IS NULL OR "time_records"."left_at" >= "time_records"."arrived_at"),
	CONSTRAINT "time_records_late_chk" CHECK ("time_records"."late_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "employee_photos" ADD CONSTRAINT "employee_photos_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD CONSTRAINT "employee_profiles_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD CONSTRAINT "employee_profiles_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_performer_id_employees_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_creator_id_employees_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_record_edits" ADD CONSTRAINT "time_record_edits_record_id_time_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."time_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_record_edits" ADD CONSTRAINT "time_record_edits_editor_id_employees_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_records" ADD CONSTRAINT "time_records_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_records" ADD CONSTRAINT "time_records_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_records" ADD CONSTRAINT "time_records_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_profiles_subject_idx" ON "employee_profiles" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "tasks_performer_idx" ON "tasks" USING btree ("performer_id","status","due_at");--> statement-breakpoint
CREATE INDEX "tasks_creator_idx" ON "tasks" USING btree ("creator_id","status","due_at");--> statement-breakpoint
CREATE INDEX "tasks_filial_idx" ON "tasks" USING btree ("filial_id","due_at");--> statement-breakpoint
CREATE INDEX "tasks_student_idx" ON "tasks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "tasks_lead_idx" ON "tasks" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "time_record_edits_record_idx" ON "time_record_edits" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_records_day_uq" ON "time_records" USING btree ("employee_id","day");--> statement-breakpoint
CREATE INDEX "time_records_filial_day_idx" ON "time_records" USING btree ("filial_id","day");