-- Per-channel settings: the RisingWave release a channel's cluster runs (`/rwerror version v2.4`).
-- A version found in a paste still wins; a channel without a row uses RWERROR_RISINGWAVE_VERSION.
CREATE TABLE channel_settings (
  channel_id         TEXT PRIMARY KEY,
  risingwave_version TEXT NOT NULL,
  updated_by         TEXT,
  updated_at         INTEGER NOT NULL
) WITHOUT ROWID;
