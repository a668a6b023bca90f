CREATE TABLE "lead_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"key_hash" text NOT NULL,
	"origins" text[] DEFAULT '{}' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_enrolments" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"step" text NOT NULL,
	"full_name" text,
	"phone" text,
	"subject_id" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_keys" ADD CONSTRAINT "lead_keys_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_keys" ADD CONSTRAINT "lead_keys_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_enrolments" ADD CONSTRAINT "telegram_enrolments_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_keys_hash_idx" ON "lead_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "lead_keys_filial_idx" ON "lead_keys" USING btree ("filial_id");