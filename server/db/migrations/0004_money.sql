CREATE TABLE "bonus_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"filial_id" integer NOT NULL,
	"coins" integer NOT NULL,
	"reason" text NOT NULL,
	"purchase_id" integer,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_entries_coins_chk" CHECK ("bonus_entries"."coins" <> 0)
);
--> statement-breakpoint
CREATE TABLE "cashier_balances" (
	"cashier_id" integer NOT NULL,
	"method" text NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "cashier_balances_cashier_id_method_pk" PRIMARY KEY("cashier_id","method"),
	CONSTRAINT "cashier_balances_nonnegative_chk" CHECK ("cashier_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cashiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer NOT NULL,
	"name" text NOT NULL,
	"employee_id" integer,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer NOT NULL,
	"cashier_id" integer NOT NULL,
	"action" text NOT NULL,
	"kind_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"student_id" integer,
	"group_id" integer,
	"comment" text DEFAULT '' NOT NULL,
	"reverses_id" integer,
	"handover_id" integer,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_entries_amount_chk" CHECK ("finance_entries"."amount" > 0),
	CONSTRAINT "finance_entries_group_chk" CHECK ("finance_entries"."group_id" IS NULL OR "finance_entries"."student_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "finance_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"system_key" text,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer NOT NULL,
	"from_cashier_id" integer NOT NULL,
	"to_cashier_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handovers_amount_chk" CHECK ("handovers"."amount" > 0),
	CONSTRAINT "handovers_cashiers_chk" CHECK ("handovers"."from_cashier_id" <> "handovers"."to_cashier_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"employee_id" integer NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" smallint NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_employee_id_key_pk" PRIMARY KEY("employee_id","key")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_value_chk" CHECK ("sales"."value" > 0 AND ("sales"."kind" <> 'percent' OR "sales"."value" <= 100))
);
--> statement-breakpoint
CREATE TABLE "shift_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer NOT NULL,
	"cashier_id" integer NOT NULL,
	"expected" numeric(14, 2) NOT NULL,
	"counted" numeric(14, 2) NOT NULL,
	"difference" numeric(14, 2) NOT NULL,
	"last_entry_id" integer,
	"comment" text DEFAULT '' NOT NULL,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_closes_counted_chk" CHECK ("shift_closes"."counted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"filial_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_coins" integer NOT NULL,
	"stock" integer NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_items_price_chk" CHECK ("shop_items"."price_coins" > 0),
	CONSTRAINT "shop_items_stock_chk" CHECK ("shop_items"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"filial_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"coins" integer NOT NULL,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_purchases_quantity_chk" CHECK ("shop_purchases"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "student_balances" (
	"student_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "student_balances_student_id_group_id_pk" PRIMARY KEY("student_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "student_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"filial_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"monthly_price" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_charges_amount_chk" CHECK ("student_charges"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "student_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"filial_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"ended_on" date,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"filial_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	CONSTRAINT "vouchers_amount_chk" CHECK ("vouchers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "filials" ADD COLUMN "charge_excused" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_entries" ADD CONSTRAINT "bonus_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_entries" ADD CONSTRAINT "bonus_entries_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_entries" ADD CONSTRAINT "bonus_entries_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_balances" ADD CONSTRAINT "cashier_balances_cashier_id_cashiers_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."cashiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashiers" ADD CONSTRAINT "cashiers_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashiers" ADD CONSTRAINT "cashiers_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashiers" ADD CONSTRAINT "cashiers_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_cashier_id_cashiers_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."cashiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_kind_id_finance_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."finance_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_handover_id_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."handovers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_from_cashier_id_cashiers_id_fk" FOREIGN KEY ("from_cashier_id") REFERENCES "public"."cashiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_to_cashier_id_cashiers_id_fk" FOREIGN KEY ("to_cashier_id") REFERENCES "public"."cashiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_closes" ADD CONSTRAINT "shift_closes_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_closes" ADD CONSTRAINT "shift_closes_cashier_id_cashiers_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."cashiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_closes" ADD CONSTRAINT "shift_closes_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_item_id_shop_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_balances" ADD CONSTRAINT "student_balances_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_balances" ADD CONSTRAINT "student_balances_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_charges" ADD CONSTRAINT "student_charges_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_charges" ADD CONSTRAINT "student_charges_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_charges" ADD CONSTRAINT "student_charges_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_charges" ADD CONSTRAINT "student_charges_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sales" ADD CONSTRAINT "student_sales_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sales" ADD CONSTRAINT "student_sales_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sales" ADD CONSTRAINT "student_sales_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sales" ADD CONSTRAINT "student_sales_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sales" ADD CONSTRAINT "student_sales_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_cancelled_by_employees_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_entries_student_idx" ON "bonus_entries" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "cashiers_filial_idx" ON "cashiers" USING btree ("filial_id","is_archived");--> statement-breakpoint
CREATE INDEX "finance_entries_cashier_idx" ON "finance_entries" USING btree ("cashier_id","id");--> statement-breakpoint
CREATE INDEX "finance_entries_filial_idx" ON "finance_entries" USING btree ("filial_id","created_at");--> statement-breakpoint
CREATE INDEX "finance_entries_student_idx" ON "finance_entries" USING btree ("student_id","group_id");--> statement-breakpoint
CREATE INDEX "finance_entries_kind_idx" ON "finance_entries" USING btree ("kind_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_entries_reverses_uq" ON "finance_entries" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_kinds_system_uq" ON "finance_kinds" USING btree ("system_key","action");--> statement-breakpoint
CREATE INDEX "handovers_from_idx" ON "handovers" USING btree ("from_cashier_id","created_at");--> statement-breakpoint
CREATE INDEX "handovers_to_idx" ON "handovers" USING btree ("to_cashier_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shift_closes_cashier_idx" ON "shift_closes" USING btree ("cashier_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_items_filial_idx" ON "shop_items" USING btree ("filial_id","is_archived");--> statement-breakpoint
CREATE INDEX "shop_purchases_student_idx" ON "shop_purchases" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_balances_group_idx" ON "student_balances" USING btree ("group_id","balance");--> statement-breakpoint
CREATE UNIQUE INDEX "student_charges_uq" ON "student_charges" USING btree ("student_id","group_id","lesson_id");--> statement-breakpoint
CREATE INDEX "student_charges_lesson_idx" ON "student_charges" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "student_charges_filial_date_idx" ON "student_charges" USING btree ("filial_id","date");--> statement-breakpoint
CREATE INDEX "student_sales_student_idx" ON "student_sales" USING btree ("student_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_sales_open_uq" ON "student_sales" USING btree ("student_id","group_id") WHERE "student_sales"."ended_on" IS NULL;--> statement-breakpoint
CREATE INDEX "vouchers_student_idx" ON "vouchers" USING btree ("student_id","group_id");--> statement-breakpoint
-- Balances kept in the same statement as the rows they sum (see server/db/schema/finance.ts).
CREATE FUNCTION finance_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta numeric(14,2) := CASE WHEN NEW.action = 'income' THEN NEW.amount ELSE -NEW.amount END;
BEGIN
  -- Make sure the row exists, then move it: an INSERT ... ON CONFLICT DO UPDATE would check CHECK (balance >= 0)
  -- against the proposed row (a bare -amount for an expense) before finding the conflict. The UPDATE takes the
  -- row lock, so concurrent entries of one cashier queue here, and the CHECK refuses a balance below zero.
  INSERT INTO cashier_balances (cashier_id, method, balance) VALUES (NEW.cashier_id, NEW.method, 0)
    ON CONFLICT (cashier_id, method) DO NOTHING;
  UPDATE cashier_balances SET balance = balance + delta WHERE cashier_id = NEW.cashier_id AND method = NEW.method;
  IF NEW.student_id IS NOT NULL AND NEW.group_id IS NOT NULL THEN
    INSERT INTO student_balances AS s (student_id, group_id, balance) VALUES (NEW.student_id, NEW.group_id, delta)
      ON CONFLICT (student_id, group_id) DO UPDATE SET balance = s.balance + EXCLUDED.balance;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER finance_entries_balances AFTER INSERT ON finance_entries FOR EACH ROW EXECUTE FUNCTION finance_entry_balances();
--> statement-breakpoint
-- The ledger is append-only: no edit, no delete, whoever asks.
CREATE FUNCTION finance_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'finance_entries is append-only' USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER finance_entries_no_change BEFORE UPDATE OR DELETE ON finance_entries FOR EACH ROW EXECUTE FUNCTION finance_entries_append_only();
--> statement-breakpoint
CREATE FUNCTION student_charge_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO student_balances AS s (student_id, group_id, balance) VALUES (NEW.student_id, NEW.group_id, -NEW.amount)
      ON CONFLICT (student_id, group_id) DO UPDATE SET balance = s.balance + EXCLUDED.balance;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO student_balances AS s (student_id, group_id, balance) VALUES (OLD.student_id, OLD.group_id, OLD.amount)
      ON CONFLICT (student_id, group_id) DO UPDATE SET balance = s.balance + EXCLUDED.balance;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_charges_balances AFTER INSERT OR UPDATE OR DELETE ON student_charges FOR EACH ROW EXECUTE FUNCTION student_charge_balances();
--> statement-breakpoint
-- A voucher credits the balance while it is not cancelled.
CREATE FUNCTION voucher_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.cancelled_at IS NULL THEN
    INSERT INTO student_balances AS s (student_id, group_id, balance) VALUES (NEW.student_id, NEW.group_id, NEW.amount)
      ON CONFLICT (student_id, group_id) DO UPDATE SET balance = s.balance + EXCLUDED.balance;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.cancelled_at IS NULL THEN
    INSERT INTO student_balances AS s (student_id, group_id, balance) VALUES (OLD.student_id, OLD.group_id, -OLD.amount)
      ON CONFLICT (student_id, group_id) DO UPDATE SET balance = s.balance + EXCLUDED.balance;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vouchers_balances AFTER INSERT OR UPDATE OR DELETE ON vouchers FOR EACH ROW EXECUTE FUNCTION voucher_balances();
--> statement-breakpoint
INSERT INTO finance_kinds (name, action, system_key) VALUES
  ('Student payment', 'income', 'student_payment'),
  ('Student refund', 'expense', 'student_refund'),
  ('Handover', 'income', 'handover'),
  ('Handover', 'expense', 'handover'),
  ('Shift surplus', 'income', 'shift_difference'),
  ('Shift shortage', 'expense', 'shift_difference');
