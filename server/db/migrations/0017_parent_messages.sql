CREATE TABLE "parent_message_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parent_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"source_id" text NOT NULL,
	"text" text NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"provider_message_id" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "parent_message_history" ADD CONSTRAINT "parent_message_history_message_id_parent_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."parent_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parent_message_history_message_idx" ON "parent_message_history" USING btree ("message_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "parent_messages_event_once_idx" ON "parent_messages" USING btree ("event","student_id","source_id");--> statement-breakpoint
CREATE INDEX "parent_messages_due_idx" ON "parent_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "parent_messages_filial_idx" ON "parent_messages" USING btree ("filial_id","created_at");--> statement-breakpoint
CREATE INDEX "parent_messages_student_idx" ON "parent_messages" USING btree ("student_id","created_at");