-- pg_trgm ships with PostgreSQL's contrib and with PGlite. pgvector is loaded in the embedded database; on a
-- PostgreSQL server without it, image search falls back to an exact scan, so its absence must not fail migration.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
  END IF;
END
$$;
