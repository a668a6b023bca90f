CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"filial_ids" integer[],
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"created" jsonb,
	"created_count" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "opening_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"import_batch_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opening_balances_amount_chk" CHECK ("opening_balances"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_import_batch_id_import_batches_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."import_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_created_idx" ON "import_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "opening_balances_student_idx" ON "opening_balances" USING btree ("student_id","group_id");--> statement-breakpoint
-- Opening balances move the student's balance in the group (and the student's total, through
-- move_student_balance of 0009) in the same statement, like payments and vouchers; they never touch a cash desk.
CREATE FUNCTION opening_balance_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM move_student_balance(NEW.student_id, NEW.group_id, NEW.amount);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM move_student_balance(OLD.student_id, OLD.group_id, -OLD.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER opening_balances_balances AFTER INSERT OR DELETE ON opening_balances FOR EACH ROW EXECUTE FUNCTION opening_balance_balances();
--> statement-breakpoint
-- An opening balance counts from its day on in the finance report's debt at a past day's end (0023): writing or
-- removing one (an import and its undo) forgets the kept debts from that day.
CREATE FUNCTION opening_balance_forget_debts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM forget_debts_from((NEW.created_at AT TIME ZONE 'Asia/Tashkent')::date);
  ELSE
    PERFORM forget_debts_from((OLD.created_at AT TIME ZONE 'Asia/Tashkent')::date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER opening_balances_forget_debts AFTER INSERT OR DELETE ON opening_balances FOR EACH ROW EXECUTE FUNCTION opening_balance_forget_debts();
