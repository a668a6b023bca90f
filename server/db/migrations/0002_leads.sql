CREATE TABLE "lead_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_stage" text,
	"to_stage" text,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"extra_phone" text,
	"subject_id" integer,
	"level_id" integer,
	"source_id" integer,
	"preferred_days" smallint[] DEFAULT '{}' NOT NULL,
	"preferred_time" time,
	"comment" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"stage" text DEFAULT 'YANGI_LEAD' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"archived_reason" text,
	"archived_at" timestamp with time zone,
	"order_group_id" integer,
	"first_lesson_date" date,
	"student_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_id" integer,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_logs" ADD CONSTRAINT "lead_logs_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_logs" ADD CONSTRAINT "lead_logs_actor_id_employees_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_level_id_subject_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."subject_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_source_id_marketing_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."marketing_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_operator_id_employees_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_order_group_id_groups_id_fk" FOREIGN KEY ("order_group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_sources" ADD CONSTRAINT "marketing_sources_group_id_marketing_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."marketing_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_logs_lead_idx" ON "lead_logs" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_filial_stage_idx" ON "leads" USING btree ("filial_id","is_archived","stage","id");--> statement-breakpoint
CREATE INDEX "leads_filial_created_idx" ON "leads" USING btree ("filial_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_phone_idx" ON "leads" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "leads_operator_idx" ON "leads" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "leads_source_idx" ON "leads" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "leads_order_group_idx" ON "leads" USING btree ("order_group_id","first_lesson_date");--> statement-breakpoint
CREATE INDEX "marketing_sources_group_idx" ON "marketing_sources" USING btree ("group_id");