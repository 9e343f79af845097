/** Every listener the app has, registered in one place (a test checks nothing is left out). */
import type { App } from "@slack/bolt";
import type { ListenerDeps } from "../deps.ts";
import { registerActions } from "./actions.ts";
import { registerCommands } from "./commands.ts";
import { registerEvents } from "./events.ts";
import { registerHome } from "./home.ts";
import { registerKnowledgeActions } from "./knowledge.ts";
import { registerMention } from "./mention.ts";
import { registerMuteActions } from "./mutes.ts";
import { registerShortcuts } from "./shortcuts.ts";

export function registerListeners(app: App, deps: ListenerDeps): void {
  registerCommands(app, deps);
  registerEvents(app, deps);
  registerActions(app, deps);
  registerShortcuts(app, deps);
  registerHome(app, deps);
  registerKnowledgeActions(app, deps);
  registerMention(app, deps);
  registerMuteActions(app, deps);
}
