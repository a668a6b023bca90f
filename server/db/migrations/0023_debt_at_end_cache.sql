CREATE TABLE "debt_at_end_cache" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"debt" numeric(22, 2) NOT NULL,
	"debtors" integer NOT NULL,
	CONSTRAINT "debt_at_end_cache_day_scope_pk" PRIMARY KEY("day","scope")
);
--> statement-breakpoint
CREATE TABLE "debt_cache_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "debt_cache_generation" ("id", "generation") VALUES (1, 0);
--> statement-breakpoint
-- A write that moves a student's balance at day `d` (an entry or voucher by its Tashkent day, a charge by its
-- lesson's date) makes every kept debt of day d or later wrong: they are deleted. A write dated before today is
-- backdated (a past lesson's attendance corrected, a freeze or a price over past lessons): it also bumps the
-- generation, so a debt being computed at the same time is not kept. Payments and charges of today do neither
-- beyond one probe of the (tiny) cache's key.
CREATE FUNCTION forget_debts_from(d date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The generation first: a debt being kept holds a share lock on its row (debtAtEnd), so either it sees the new
  -- generation and keeps nothing, or it commits first and the DELETE below (a later snapshot) removes it.
  IF d < (now() AT TIME ZONE 'Asia/Tashkent')::date THEN
    UPDATE debt_cache_generation SET generation = generation + 1 WHERE id = 1;
  END IF;
  DELETE FROM debt_at_end_cache WHERE day >= d;
END $$;
--> statement-breakpoint
CREATE FUNCTION finance_entry_forget_debts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.student_id IS NOT NULL AND NEW.group_id IS NOT NULL THEN
    PERFORM forget_debts_from((NEW.created_at AT TIME ZONE 'Asia/Tashkent')::date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER finance_entries_forget_debts AFTER INSERT ON finance_entries FOR EACH ROW EXECUTE FUNCTION finance_entry_forget_debts();
--> statement-breakpoint
CREATE FUNCTION voucher_forget_debts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d := least((NEW.created_at AT TIME ZONE 'Asia/Tashkent')::date, (NEW.cancelled_at AT TIME ZONE 'Asia/Tashkent')::date);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    d := least(d, (OLD.created_at AT TIME ZONE 'Asia/Tashkent')::date, (OLD.cancelled_at AT TIME ZONE 'Asia/Tashkent')::date);
  END IF;
  PERFORM forget_debts_from(d);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vouchers_forget_debts AFTER INSERT OR UPDATE OR DELETE ON vouchers FOR EACH ROW EXECUTE FUNCTION voucher_forget_debts();
--> statement-breakpoint
CREATE FUNCTION student_charge_forget_debts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM forget_debts_from(NEW.date);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM forget_debts_from(OLD.date);
  ELSE
    PERFORM forget_debts_from(least(NEW.date, OLD.date));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_charges_forget_debts AFTER INSERT OR UPDATE OR DELETE ON student_charges FOR EACH ROW EXECUTE FUNCTION student_charge_forget_debts();
--> statement-breakpoint
-- The debt is counted over the groups of the scope's branches: a group moved to another branch changes it.
CREATE FUNCTION group_forget_debts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.filial_id IS DISTINCT FROM OLD.filial_id THEN
    UPDATE debt_cache_generation SET generation = generation + 1 WHERE id = 1;
    DELETE FROM debt_at_end_cache;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER groups_forget_debts AFTER UPDATE OF filial_id ON groups FOR EACH ROW EXECUTE FUNCTION group_forget_debts();
