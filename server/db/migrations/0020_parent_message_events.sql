CREATE TABLE "parent_message_events" (
	"filial_id" integer NOT NULL,
	"event" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"template_uz" text,
	"template_en" text,
	CONSTRAINT "parent_message_events_filial_id_event_pk" PRIMARY KEY("filial_id","event")
);
--> statement-breakpoint
ALTER TABLE "parent_messages" ALTER COLUMN "student_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "filials" ADD COLUMN "message_language" text DEFAULT 'uz' NOT NULL;--> statement-breakpoint
ALTER TABLE "filials" ADD COLUMN "fee_reminder_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "filials" ADD COLUMN "message_daily_limit" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "parent_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "parent_message_events" ADD CONSTRAINT "parent_message_events_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parent_messages_lead_once_idx" ON "parent_messages" USING btree ("event","lead_id","source_id") WHERE "parent_messages"."student_id" is null;