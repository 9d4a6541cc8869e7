-- Shading words are now the bare search term; the box adds "搜索 " / "Search " itself. The demo's old words carried
-- a lead-in: make them bare, or drop them where the bare word is already there.
UPDATE "search_words" AS w SET "word" = v."bare"
FROM (VALUES
  ('cn', '搜索 头层牛皮', '头层牛皮'), ('cn', '试试 超纤 PU', '超纤'), ('cn', '找 透气网布', '透气网布'),
  ('en', 'Search full-grain leather', 'full-grain leather'), ('en', 'Try microfiber PU', 'microfiber'), ('en', 'Find breathable mesh', 'breathable mesh')
) AS v("lang", "old", "bare")
WHERE w."kind" = 'shading' AND w."lang" = v."lang" AND w."word" = v."old"
  AND NOT EXISTS (SELECT 1 FROM "search_words" AS b WHERE b."kind" = 'shading' AND b."lang" = v."lang" AND b."word" = v."bare");--> statement-breakpoint
DELETE FROM "search_words"
WHERE "kind" = 'shading' AND "word" IN ('搜索 头层牛皮', '试试 超纤 PU', '找 透气网布', 'Search full-grain leather', 'Try microfiber PU', 'Find breathable mesh');
