CREATE TABLE "online_payment_entries" (
	"payment_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"reversal" boolean DEFAULT false NOT NULL,
	CONSTRAINT "online_payment_entries_payment_id_entry_id_pk" PRIMARY KEY("payment_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"filial_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"state" smallint NOT NULL,
	"reason" integer,
	"provider_time" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"performed_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	CONSTRAINT "online_payments_amount_chk" CHECK ("online_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "cashiers" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "online_payment_entries" ADD CONSTRAINT "online_payment_entries_payment_id_online_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."online_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_entries" ADD CONSTRAINT "online_payment_entries_entry_id_finance_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."finance_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_entries_entry_uq" ON "online_payment_entries" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payments_provider_uq" ON "online_payments" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payments_pending_uq" ON "online_payments" USING btree ("student_id") WHERE "online_payments"."provider" = 'payme' and "online_payments"."state" = 1;--> statement-breakpoint
CREATE INDEX "online_payments_filial_idx" ON "online_payments" USING btree ("filial_id","created_at");--> statement-breakpoint
CREATE INDEX "online_payments_provider_time_idx" ON "online_payments" USING btree ("provider","provider_time");--> statement-breakpoint
CREATE UNIQUE INDEX "cashiers_provider_uq" ON "cashiers" USING btree ("filial_id","provider");