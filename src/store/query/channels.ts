/** Channel settings: the RisingWave release a channel runs (`/rwerror version`); the last setting wins. */
import type { TeamStore } from "../team-types.ts";
import type { QueryContext } from "./context.ts";
import { prepared, rowsOf } from "./prepared.ts";

export function channelSettings({
  db,
  now,
  dialect,
}: QueryContext): Pick<TeamStore, "getChannelVersion" | "setChannelVersion" | "listChannelVersions"> {
  const get = prepared(db, ["channel"], (p) =>
    db.selectFrom("channel_settings").select("risingwave_version").where("channel_id", "=", p.channel),
  );
  const clear = prepared(db, ["channel"], (p) => db.deleteFrom("channel_settings").where("channel_id", "=", p.channel));
  const set = prepared(db, ["channel", "version", "user", "at"], (p) =>
    db
      .insertInto("channel_settings")
      .values({ channel_id: p.channel, risingwave_version: p.version, updated_by: p.user, updated_at: p.at })
      .onConflict((oc) =>
        oc.column("channel_id").doUpdateSet((eb) => ({
          risingwave_version: eb.ref("excluded.risingwave_version"),
          updated_by: eb.ref("excluded.updated_by"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      ),
  );
  const list = prepared(db, ["limit"], (p) =>
    db
      .selectFrom("channel_settings")
      .select([
        "channel_id as channelId",
        "risingwave_version as version",
        "updated_by as updatedBy",
        "updated_at as updatedAt",
      ])
      .orderBy("updated_at", "desc")
      .orderBy("channel_id")
      .limit(p.limit),
  );
  return {
    getChannelVersion: async (channelId) => (await rowsOf(get({ channel: channelId })))[0]?.risingwave_version,
    setChannelVersion: (channelId, version, userId) =>
      dialect.run(async () => {
        if (version === null) await clear({ channel: channelId });
        else await set({ channel: channelId, version, user: userId, at: now() });
      }),
    listChannelVersions: async (limit = 20) =>
      (await rowsOf(list({ limit }))).map((r) => ({ ...r, updatedAt: Number(r.updatedAt) })),
  };
}
