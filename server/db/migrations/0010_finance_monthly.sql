CREATE TABLE "finance_monthly" (
	"filial_id" integer NOT NULL,
	"cashier_id" integer NOT NULL,
	"month" date NOT NULL,
	"action" text NOT NULL,
	"kind_id" integer NOT NULL,
	"method" text NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "finance_monthly_filial_id_cashier_id_month_action_kind_id_method_pk" PRIMARY KEY("filial_id","cashier_id","month","action","kind_id","method")
);
--> statement-breakpoint
ALTER TABLE "finance_monthly" ADD CONSTRAINT "finance_monthly_filial_id_filials_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."filials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_monthly" ADD CONSTRAINT "finance_monthly_cashier_id_cashiers_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."cashiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_monthly" ADD CONSTRAINT "finance_monthly_kind_id_finance_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."finance_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The trigger of 0008 (finance_entries_daily, ENABLE ALWAYS) now moves both rollups, the days first, then the
-- months, each in key order, so writers lock the rows they share in one order.
CREATE OR REPLACE FUNCTION finance_entries_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO finance_daily AS d (filial_id, cashier_id, day, action, kind_id, method, n, amount)
    SELECT filial_id, cashier_id, (created_at AT TIME ZONE 'Asia/Tashkent')::date AS day, action, kind_id, method, count(*), sum(amount)
    FROM new_entries
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (filial_id, cashier_id, day, action, kind_id, method) DO UPDATE SET n = d.n + EXCLUDED.n, amount = d.amount + EXCLUDED.amount;
  INSERT INTO finance_monthly AS m (filial_id, cashier_id, month, action, kind_id, method, n, amount)
    SELECT filial_id, cashier_id, date_trunc('month', created_at AT TIME ZONE 'Asia/Tashkent')::date AS month, action, kind_id, method, count(*), sum(amount)
    FROM new_entries
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (filial_id, cashier_id, month, action, kind_id, method) DO UPDATE SET n = m.n + EXCLUDED.n, amount = m.amount + EXCLUDED.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO finance_monthly (filial_id, cashier_id, month, action, kind_id, method, n, amount)
  SELECT filial_id, cashier_id, date_trunc('month', day::timestamp)::date, action, kind_id, method, sum(n), sum(amount)
  FROM finance_daily
  GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
ANALYZE finance_daily;
--> statement-breakpoint
ANALYZE finance_monthly;
