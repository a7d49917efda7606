-- Staff who held the old single 'operator' role keep their work: 运营 and 财务.
UPDATE "users" SET "roles" = ARRAY['operator', 'finance'] WHERE "role" = 'operator';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";
