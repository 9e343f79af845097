/**
 * The store, matcher and report functions the Slack adapter calls, gathered in one place so
 * the listeners import a single module whatever file the core keeps them in.
 */

export { AUTO_POST_MIN_CONFIDENCE } from "../matcher/index.ts";
export { topErrors } from "../report/stats.ts";
