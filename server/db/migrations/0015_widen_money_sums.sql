ALTER TABLE "cashier_balances" ALTER COLUMN "balance" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "finance_daily" ALTER COLUMN "amount" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "finance_entries" ALTER COLUMN "amount" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "finance_monthly" ALTER COLUMN "amount" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "shift_closes" ALTER COLUMN "expected" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "shift_closes" ALTER COLUMN "difference" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "student_balances" ALTER COLUMN "balance" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "student_totals" ALTER COLUMN "balance" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
-- Every column that holds a sum or a balance is now NUMERIC(22,2) (decisions: "Money: the limit of one entry and
-- the widths of sums"); finance_entries.amount too, because a shift shortage books a whole cash balance as one
-- entry. Widening a numeric's precision at the same scale rewrites no row. The balance trigger of 0009 kept its
-- delta in a numeric(14,2) variable: it now takes the entry's amount at any width.
CREATE OR REPLACE FUNCTION finance_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta numeric := CASE WHEN NEW.action = 'income' THEN NEW.amount ELSE -NEW.amount END;
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
