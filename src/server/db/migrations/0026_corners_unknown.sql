ALTER TABLE "matches" ALTER COLUMN "home_corner" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "matches" ALTER COLUMN "home_corner" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ALTER COLUMN "away_corner" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "matches" ALTER COLUMN "away_corner" DROP NOT NULL;--> statement-breakpoint
-- Rows written before: basketball has no corners, and a result no feed played (imported) never had any.
UPDATE "matches" SET "home_corner" = NULL, "away_corner" = NULL
  WHERE "sport" = 2 OR ("origin" <> 'sim' AND "home_corner" = 0 AND "away_corner" = 0);
