-- The catalogues are product data, not user data: seeded here so every database has the same ids.
INSERT INTO "debts" ("slug", "debt_name", "sort_order") VALUES
  ('auto-loans', 'Auto loans', 1),
  ('mortgages', 'Mortgages', 2),
  ('student-loans', 'Student loans', 3),
  ('credit-cards', 'Credit cards', 4),
  ('business-loans', 'Business loans', 5),
  ('medical-loans', 'Medical loans', 6),
  ('line-of-credits', 'Line of credits', 7);
--> statement-breakpoint
INSERT INTO "goals" ("slug", "goal_name", "description", "sort_order") VALUES
  ('pay-off-debt', 'Pay off debt', 'Get a plan to clear your loans and credit cards faster and pay less interest.', 1),
  ('emergency-fund', 'Build an emergency fund', 'Set aside three to six months of expenses for the unexpected.', 2),
  ('lifestyle-goals', 'Save for lifestyle goals', 'Travel, a car, a home or a wedding: save for what matters to you.', 3),
  ('retirement', 'Invest for retirement', 'Track your retirement accounts and see where your savings are heading.', 4),
  ('budget', 'Build a budget', 'Plan your month so every dollar has a job.', 5);
