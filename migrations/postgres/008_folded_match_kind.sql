-- The matcher has three kinds of match: exact, folded (exact once case, quotes and spacing are
-- folded) and fuzzy. Until now the column knew only exact and fuzzy, and a folded match was logged
-- as exact. The column's CHECK (named by PostgreSQL after table and column) is replaced; adding it
-- reads the rows already logged once.
ALTER TABLE occurrences DROP CONSTRAINT occurrences_match_kind_check;
ALTER TABLE occurrences ADD CONSTRAINT occurrences_match_kind_check
  CHECK (match_kind IS NULL OR match_kind IN ('exact', 'folded', 'fuzzy'));
