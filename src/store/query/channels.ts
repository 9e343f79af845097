/** Channel settings: the RisingWave release a channel runs (`/rwerror version`); the last setting wins. */
import type { TeamStore } from "../team-types.ts";
import type { QueryContext } from "./context.ts";

export function channelSettings({
  db,
  now,
  dialect,
}: QueryContext): Pick<TeamStore, "getChannelVersion" | "setChannelVersion" | "listChannelVersions"> {
  return {
    getChannelVersion: async (channelId) =>
      (
        await db
          .selectFrom("channel_settings")
          .select("risingwave_version")
          .where("channel_id", "=", channelId)
          .executeTakeFirst()
      )?.risingwave_version,
    setChannelVersion: (channelId, version, userId) =>
      dialect.run(async () => {
        if (version === null) {
          await db.deleteFrom("channel_settings").where("channel_id", "=", channelId).execute();
          return;
        }
        await db
          .insertInto("channel_settings")
          .values({ channel_id: channelId, risingwave_version: version, updated_by: userId, updated_at: now() })
          .onConflict((oc) =>
            oc.column("channel_id").doUpdateSet((eb) => ({
              risingwave_version: eb.ref("excluded.risingwave_version"),
              updated_by: eb.ref("excluded.updated_by"),
              updated_at: eb.ref("excluded.updated_at"),
            })),
          )
          .execute();
      }),
    listChannelVersions: (limit = 20) =>
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
        .limit(limit)
        .execute(),
  };
}
