CREATE TABLE "finance_daily" (
	"filial_id" integer NOT NULL,
	"cashier_id" integer NOT NULL,
	"day" date NOT NULL,
	"action" text NOT NULL,
	"kind_id" integer NOT NULL,
	"method" text NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "finance_daily_filial_id_cashier_id_day_action_kind_id_method_pk" PRIMARY KEY("filial_id","cashier_id","day","action","kind_id","method")
);
--> statement-breakpoint
ALTER TABLE "finance_daily" ADD CONSTRAINT "finance_daily_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_daily" ADD CONSTRAINT "finance_daily_cashier_id_cashiers_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."cashiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_daily" ADD CONSTRAINT "finance_daily_kind_id_finance_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."finance_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_daily_day_idx" ON "finance_daily" USING btree ("day");--> statement-breakpoint
-- The rollup moves in the statement that inserts the entries (the ledger is append-only: migration 0004 refuses
-- UPDATE and DELETE). One upsert per statement, over the statement's new rows grouped, in key order so that two
-- writers lock the rows they share in the same order. The day is the centre's (Asia/Tashkent) calendar day, the
-- rule of the list's start_date/end_date (server/domain/finance/ledgerSql.ts).
CREATE FUNCTION finance_entries_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO finance_daily AS d (filial_id, cashier_id, day, action, kind_id, method, n, amount)
    SELECT filial_id, cashier_id, (created_at AT TIME ZONE 'Asia/Tashkent')::date AS day, action, kind_id, method, count(*), sum(amount)
    FROM new_entries
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (filial_id, cashier_id, day, action, kind_id, method) DO UPDATE SET n = d.n + EXCLUDED.n, amount = d.amount + EXCLUDED.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER finance_entries_daily AFTER INSERT ON finance_entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION finance_entries_daily();
--> statement-breakpoint
-- ALWAYS: the scale seed writes its batches with session_replication_role = replica (server/seed/scale/bulk.ts),
-- which skips ordinary triggers; this one has no side effect on other tables to redo by hand, so it fires there too.
ALTER TABLE finance_entries ENABLE ALWAYS TRIGGER finance_entries_daily;
--> statement-breakpoint
INSERT INTO finance_daily (filial_id, cashier_id, day, action, kind_id, method, n, amount)
  SELECT filial_id, cashier_id, (created_at AT TIME ZONE 'Asia/Tashkent')::date, action, kind_id, method, count(*), sum(amount)
  FROM finance_entries
  GROUP BY 1, 2, 3, 4, 5, 6;
