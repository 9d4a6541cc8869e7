-- Layouts are now made from the descriptor's working pixels by area averaging. Older ones shrink differently, so a
-- crop would not correlate with them: clearing them makes every picture due for describing again, and search keeps
-- using the rows meanwhile (without the near-duplicate step for those pictures).
UPDATE "image_descriptors" SET "layout" = NULL;
