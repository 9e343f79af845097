import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTION, VIEW } from "../../src/render/index.ts";
import { BOT_TOKEN, blockKitProblems, HEALTH_TOKEN, type RunningBot, startBot } from "../support/bot.ts";
import { DOWNSTREAM_ID, PASTE_DOWNSTREAM, PASTE_UNKNOWN, slackEscape } from "../support/pastes.ts";
import { pasteModalSubmission, slashCommand } from "../support/payloads.ts";
import { postEvent, postForm, postInteraction } from "../support/signing.ts";

let bot: RunningBot;
beforeAll(async () => {
  bot = await startBot();
});
afterAll(async () => {
  await bot?.close();
});

function actionIds(blocks: unknown): string[] {
  const ids: string[] = [];
  for (const b of (blocks as { type: string; elements?: { action_id?: string }[] }[]) ?? []) {
    if (b.type === "actions") for (const e of b.elements ?? []) if (e.action_id) ids.push(e.action_id);
  }
  return ids;
}

async function command(text: string, id: string, extra: { channelId?: string; triggerId?: string } = {}) {
  const res = await postForm(bot.eventsUrl, slashCommand({ text, responseUrl: bot.fake.responseUrl(id), ...extra }));
  return res;
}

describe("HTTP mode: the receiver", () => {
  it("answers GET /livez alive, whatever the database does", async () => {
    const res = await fetch(`${bot.baseUrl}/livez`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, status: "alive" });
  });

  it("answers GET /readyz ok (and /healthz, its alias, the same), with details only for the token", async () => {
    for (const path of ["/readyz", "/healthz"]) {
      const res = await fetch(`${bot.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, status: "ok" });
    }
    const detailed = await fetch(`${bot.baseUrl}/readyz`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
    expect(await detailed.json()).toEqual({
      ok: true,
      status: "ok",
      records: bot.catalog.records.length,
      datasetVersion: bot.catalog.datasetVersion,
      db: "ok",
      store: "sqlite",
      writes: { pending: 0, retried: 0, failed: 0, fallbacks: 0, outages: 0 },
      problems: [],
    });
  });

  it("answers Slack's url_verification challenge", async () => {
    const res = await postEvent(bot.eventsUrl, { type: "url_verification", challenge: "abc123", token: "t" });
    expect(res.status).toBe(200);
    expect(res.body).toContain("abc123");
  });

  it("rejects a request with a bad signature with 401 and does nothing", async () => {
    const res = await postForm(
      bot.eventsUrl,
      slashCommand({ text: "help", responseUrl: bot.fake.responseUrl("badsig") }),
      { signature: "v0=0000000000000000000000000000000000000000000000000000000000000000" },
    );
    expect(res.status).toBe(401);
    await new Promise((r) => setTimeout(r, 100));
    expect(bot.fake.responsesTo("badsig")).toEqual([]);
  });

  it("rejects a correctly signed but stale request (timestamp 10 minutes old) with 401", async () => {
    const res = await postForm(
      bot.eventsUrl,
      slashCommand({ text: "help", responseUrl: bot.fake.responseUrl("stale") }),
      { timestamp: Math.floor(Date.now() / 1000) - 600 },
    );
    expect(res.status).toBe(401);
  });

  it("rejects a request signed with another secret", async () => {
    const res = await postForm(bot.eventsUrl, slashCommand({ text: "help", responseUrl: bot.fake.responseUrl("x") }), {
      secret: "someone-elses-secret",
    });
    expect(res.status).toBe(401);
  });
});

describe("HTTP mode: /rwerror", () => {
  it("acks a paste at once and answers ephemerally through response_url with the matching card", async () => {
    const res = await command(slackEscape(PASTE_DOWNSTREAM), "paste");
    expect(res.status).toBe(200);
    await bot.fake.waitFor(() => bot.fake.responsesTo("paste").length === 1);
    const body = bot.fake.responsesTo("paste")[0]?.body ?? {};
    expect(body.response_type).toBe("ephemeral");
    expect(String(body.text)).toMatch(/downstream relation missing/i);
    const ids = actionIds(body.blocks);
    expect(ids).toEqual(
      expect.arrayContaining([ACTION.helpful, ACTION.notHelpful, ACTION.details, ACTION.postInChannel]),
    );
    expect(JSON.stringify(body.blocks)).toContain(DOWNSTREAM_ID);
    const occurrence = (await bot.store.listOccurrences()).find(
      (o) => o.source === "slash" && o.recordId === DOWNSTREAM_ID,
    );
    expect(occurrence?.channelId).toBe("C0GENERAL");
  });

  it("says plainly when nothing matches, never an empty reply, and still records the error", async () => {
    await command(slackEscape(PASTE_UNKNOWN), "nomatch");
    await bot.fake.waitFor(() => bot.fake.responsesTo("nomatch").length === 1);
    const body = bot.fake.responsesTo("nomatch")[0]?.body ?? {};
    // A whole error no record holds: the knowledge base lacks it, the paste is not blamed.
    expect(String(body.text)).toBe("This error is not in the knowledge base.");
    expect((body.blocks as unknown[]).length).toBeGreaterThan(0);
    expect((await bot.store.listOccurrences()).some((o) => o.source === "slash" && o.recordId === null)).toBe(true);
  });

  it("answers help, show, search and stats", async () => {
    await command("help", "help");
    await command(`show ${DOWNSTREAM_ID}`, "show");
    await command("show no-such-record", "show-missing");
    await command("search downstream relation", "search");
    await command("stats 30d", "stats");
    await bot.fake.waitFor(() =>
      ["help", "show", "show-missing", "search", "stats"].every((id) => bot.fake.responsesTo(id).length === 1),
    );
    const text = (id: string) => JSON.stringify(bot.fake.responsesTo(id)[0]?.body);
    expect(text("help")).toContain("search");
    expect(text("show")).toContain(DOWNSTREAM_ID);
    expect(text("show-missing")).toMatch(/No record/);
    expect(text("search")).toContain(DOWNSTREAM_ID);
    // The paste answered above is in the store: stats lists it.
    expect(text("stats")).toMatch(/downstream relation missing/i);
  });

  it("searches a keyword and suggests help for a near-command instead of answering 'No known error' (issue 20 item 8)", async () => {
    await command("downstream", "kw-search");
    await command("helo", "kw-helo");
    await bot.fake.waitFor(() => ["kw-search", "kw-helo"].every((id) => bot.fake.responsesTo(id).length === 1));
    const text = (id: string) => JSON.stringify(bot.fake.responsesTo(id)[0]?.body);
    expect(text("kw-search")).toContain(DOWNSTREAM_ID);
    expect(text("kw-search")).not.toMatch(/no known risingwave error/i);
    expect(text("kw-helo")).toContain("Did you mean `/rwerror help`?");
    expect(text("kw-helo")).toContain("/rwerror search &lt;words&gt;");
    expect(text("kw-helo")).not.toMatch(/no known risingwave error|github/i);
  });

  it("opens the paste modal for /rwerror alone, and answers its submission ephemerally in that channel", async () => {
    await command("", "modal", { channelId: "C0PASTEHERE", triggerId: "trig-modal" });
    await bot.fake.waitFor(() => bot.fake.callsTo("views.open").some((c) => c.args.trigger_id === "trig-modal"));
    const open = bot.fake.callsTo("views.open").find((c) => c.args.trigger_id === "trig-modal");
    expect(open?.token).toBe(BOT_TOKEN);
    const view = open?.args.view as { callback_id: string; private_metadata: string };
    expect(view.callback_id).toBe(VIEW.pasteModal);

    const res = await postInteraction(
      bot.eventsUrl,
      pasteModalSubmission({
        value: PASTE_DOWNSTREAM,
        privateMetadata: view.private_metadata,
        userId: "U0MODAL",
      }),
    );
    expect(res.status).toBe(200);
    await bot.fake.waitFor(() => bot.fake.callsTo("chat.postEphemeral").some((c) => c.args.user === "U0MODAL"));
    const posted = bot.fake.callsTo("chat.postEphemeral").find((c) => c.args.user === "U0MODAL");
    expect(posted?.args.channel).toBe("C0PASTEHERE");
    expect(JSON.stringify(posted?.args.blocks)).toContain(DOWNSTREAM_ID);
  });

  it("answers a modal submission by DM when it cannot post in the channel", async () => {
    bot.fake.handle("chat.postEphemeral", () => ({ ok: false, error: "channel_not_found" }));
    try {
      await postInteraction(
        bot.eventsUrl,
        pasteModalSubmission({
          value: PASTE_DOWNSTREAM,
          privateMetadata: JSON.stringify({ channel: "C0PRIVATE" }),
          userId: "U0DMME",
        }),
      );
      await bot.fake.waitFor(() => bot.fake.callsTo("chat.postMessage").some((c) => c.args.channel === "U0DMME"));
    } finally {
      bot.fake.handle("chat.postEphemeral", () => ({ ok: true, message_ts: "1.1" }));
    }
  });

  it("refuses an empty modal submission with an inline error", async () => {
    const res = await postInteraction(
      bot.eventsUrl,
      pasteModalSubmission({
        value: "   ",
        privateMetadata: "",
      }),
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ response_action: "errors" });
  });

  it("survives a malformed interaction payload with no reply and no crash", async () => {
    const res = await postInteraction(bot.eventsUrl, {
      type: "view_submission",
      view: { callback_id: VIEW.pasteModal },
    });
    expect([200, 500]).toContain(res.status);
    const health = await fetch(`${bot.baseUrl}/healthz`);
    expect(health.status).toBe(200);
  });

  it("logs a reply that failed (expired response_url) with its context, and keeps serving", async () => {
    await command("help", "expired-1", { channelId: "C0EXPIRED" });
    await bot.fake.waitFor(() => bot.logger.lines.some((l) => l.includes("listener failed")));
    const line = bot.logger.lines.find((l) => l.includes("listener failed")) ?? "";
    expect(line).toContain("channel=C0EXPIRED");
    expect(line).toContain("404");
    await command("help", "after-expired");
    await bot.fake.waitFor(() => bot.fake.responsesTo("after-expired").length === 1);
  });

  it("sends only payloads within Block Kit limits, each with a text fallback", () => {
    expect(bot.fake.calls.length).toBeGreaterThan(0);
    expect(blockKitProblems(bot)).toEqual([]);
  });

  it("never logs a token", () => {
    expect(bot.logger.lines.join("\n")).not.toContain(BOT_TOKEN);
  });
});
