CREATE TABLE "telegram_chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"student_id" integer NOT NULL,
	"name" text,
	"language" text DEFAULT 'uz' NOT NULL,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"chat_id" bigint
);
--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_chats_chat_student_idx" ON "telegram_chats" USING btree ("chat_id","student_id");--> statement-breakpoint
CREATE INDEX "telegram_chats_student_idx" ON "telegram_chats" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_links_token_idx" ON "telegram_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "telegram_links_student_idx" ON "telegram_links" USING btree ("student_id");