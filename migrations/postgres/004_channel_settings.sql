-- Per-channel settings: the RisingWave release a channel's cluster runs (`/rwerror version v2.4`).
-- A version found in a paste still wins; a channel without a row uses RWERROR_RISINGWAVE_VERSION.
CREATE TABLE channel_settings (
  channel_id         text PRIMARY KEY,
  risingwave_version text NOT NULL,
  updated_by         text,
  updated_at         bigint NOT NULL
);
