-- The front desk takes payments (issue 15): ADMINISTRATOR and SERVICE_SALES now have the cash desk pages
-- (cashiers_data, cashiers_archive) by default. Pages are stored per employee, so employees of those roles whose
-- readable pages are exactly the old defaults (nobody chose otherwise for them) get the new ones; anyone a
-- director gave other pages keeps what the director chose.
WITH old_defaults(role, pages) AS (
  VALUES
    ('ADMINISTRATOR', ARRAY['new_leads','orders','archived_leads','all_students','active_students','new_students','archived_students','testing_students','groups','rooms','schedule','tasks','admin_report','shop']),
    ('SERVICE_SALES', ARRAY['new_leads','orders','archived_leads','all_students','active_students','new_students','archived_students','testing_students','groups','schedule','tasks','admin_report'])
),
untouched AS (
  SELECT e.id
  FROM employees e
  JOIN old_defaults d ON d.role = e.role
  WHERE (
    SELECT coalesce(array_agg(p.page ORDER BY p.page), ARRAY[]::text[])
    FROM employee_pages p WHERE p.employee_id = e.id AND p.is_readable
  ) = (SELECT array_agg(x ORDER BY x) FROM unnest(d.pages) AS x)
)
INSERT INTO employee_pages (employee_id, page, is_readable)
SELECT u.id, k.page, true
FROM untouched u CROSS JOIN (VALUES ('cashiers_data'), ('cashiers_archive')) AS k(page)
ON CONFLICT (employee_id, page) DO UPDATE SET is_readable = true;
