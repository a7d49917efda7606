-- An article's comment count is its visible comments (replies included). Comments hidden before the one comment
-- service (services/comments) kept counting on articles; count them again once.
UPDATE "news_articles" AS a SET "comment_count" = (
  SELECT count(*)::integer FROM "news_comments" AS c WHERE c."article_id" = a."id" AND c."status" = 'visible'
);
