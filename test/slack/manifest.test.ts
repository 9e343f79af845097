import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SHORTCUT_EXPLAIN } from "../../src/render/index.ts";
import { SLASH_COMMAND } from "../../src/slack/listeners/commands.ts";
import { parseYaml, type Yaml } from "../support/mini-yaml.ts";

const manifestPath = new URL("../../manifest.yml", import.meta.url);

type Obj = { [key: string]: Yaml };
const obj = (v: Yaml | undefined): Obj => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error("expected a map");
  return v;
};
const arr = (v: Yaml | undefined): Yaml[] => {
  if (!Array.isArray(v)) throw new Error("expected a list");
  return v;
};

describe("manifest.yml", () => {
  const manifest = obj(parseYaml(readFileSync(manifestPath, "utf8")));
  const features = obj(manifest.features);
  const settings = obj(manifest.settings);

  it("parses and has the sections Slack requires", () => {
    expect(Object.keys(manifest).sort()).toEqual(["display_information", "features", "oauth_config", "settings"]);
    expect(obj(manifest.display_information).name).toBe("rwerror");
    expect(String(obj(manifest.display_information).long_description).length).toBeGreaterThanOrEqual(175);
    expect(obj(features.bot_user).display_name).toBe("rwerror");
  });

  it("declares the /rwerror command with a usage hint at /slack/events", () => {
    const commands = arr(features.slash_commands).map(obj);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ command: SLASH_COMMAND, should_escape: false });
    expect(String(commands[0]?.usage_hint)).toContain("search");
    expect(String(commands[0]?.url)).toMatch(/\/slack\/events$/);
  });

  it("declares the message shortcut with the callback_id the code listens for", () => {
    const shortcuts = arr(features.shortcuts).map(obj);
    expect(shortcuts).toEqual([expect.objectContaining({ type: "message", callback_id: SHORTCUT_EXPLAIN })]);
    expect(String(shortcuts[0]?.name).length).toBeLessThanOrEqual(24);
  });

  it("enables the Home tab, events, interactivity and Socket Mode with only the scopes used", () => {
    expect(obj(features.app_home)).toMatchObject({
      home_tab_enabled: true,
      messages_tab_enabled: true,
      messages_tab_read_only_enabled: true,
    });
    expect(arr(obj(settings.event_subscriptions).bot_events).sort()).toEqual(
      ["app_home_opened", "app_mention", "message.channels", "message.groups"].sort(),
    );
    expect(obj(settings.interactivity).is_enabled).toBe(true);
    expect(settings.socket_mode_enabled).toBe(true);
    expect(arr(obj(obj(manifest.oauth_config).scopes).bot).sort()).toEqual(
      [
        "app_mentions:read",
        "channels:history",
        "channels:read",
        "chat:write",
        "commands",
        "files:read",
        "groups:history",
        "groups:read",
        "reactions:write",
      ].sort(),
    );
  });

  it("the YAML reader rejects what it does not understand", () => {
    expect(() => parseYaml("a: b: c")).toThrow();
    expect(() => parseYaml("a:\n\tb: 1")).toThrow();
    expect(() => parseYaml("a: 1\na: 2")).toThrow();
    expect(parseYaml("a:\n  - x\n  - k: v\n    j: 2\n")).toEqual({ a: ["x", { k: "v", j: 2 }] });
  });
});
