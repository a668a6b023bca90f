CREATE TABLE "student_totals" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_totals" ADD CONSTRAINT "student_totals_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_totals_debt_idx" ON "student_totals" USING btree ("student_id") WHERE "student_totals"."balance" < 0;--> statement-breakpoint
CREATE INDEX "student_balances_debt_idx" ON "student_balances" USING btree ("balance","student_id","group_id") WHERE "student_balances"."balance" < 0;--> statement-breakpoint
-- student_totals moves with student_balances in the same statement (see server/db/schema/finance.ts): the three
-- balance triggers of 0004 now move both through one function, the student's total first, so every writer takes
-- the two row locks in the same order (a payment and a charge sync over two of a student's groups cannot
-- deadlock). The scale seed moves both itself with those triggers off (server/seed/scale/balances.ts).
CREATE FUNCTION move_student_balance(p_student integer, p_group integer, p_delta numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_totals AS t (student_id, balance) VALUES (p_student, p_delta)
    ON CONFLICT (student_id) DO UPDATE SET balance = t.balance + EXCLUDED.balance;
  INSERT INTO student_balances AS s (student_id, group_id, balance) VALUES (p_student, p_group, p_delta)
    ON CONFLICT (student_id, group_id) DO UPDATE SET balance = s.balance + EXCLUDED.balance;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta numeric(14,2) := CASE WHEN NEW.action = 'income' THEN NEW.amount ELSE -NEW.amount END;
BEGIN
  -- As in 0004: make sure the cashier's row exists, then move it (the CHECK refuses a balance below zero).
  INSERT INTO cashier_balances (cashier_id, method, balance) VALUES (NEW.cashier_id, NEW.method, 0)
    ON CONFLICT (cashier_id, method) DO NOTHING;
  UPDATE cashier_balances SET balance = balance + delta WHERE cashier_id = NEW.cashier_id AND method = NEW.method;
  IF NEW.student_id IS NOT NULL AND NEW.group_id IS NOT NULL THEN
    PERFORM move_student_balance(NEW.student_id, NEW.group_id, delta);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION student_charge_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM move_student_balance(NEW.student_id, NEW.group_id, -NEW.amount);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM move_student_balance(OLD.student_id, OLD.group_id, OLD.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION voucher_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.cancelled_at IS NULL THEN
    PERFORM move_student_balance(NEW.student_id, NEW.group_id, NEW.amount);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.cancelled_at IS NULL THEN
    PERFORM move_student_balance(OLD.student_id, OLD.group_id, -OLD.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO student_totals (student_id, balance) SELECT student_id, sum(balance) FROM student_balances GROUP BY student_id;
--> statement-breakpoint
ANALYZE student_totals;
