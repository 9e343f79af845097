export { ACTION, type CardRef, decodeCardRef, encodeCardRef, SHORTCUT_EXPLAIN, VIEW } from "./actions.ts";
export {
  feedbackThanksText,
  renderAlreadyAnswered,
  renderAnswer,
  renderCardFromRef,
  renderFeedbackThanks,
  renderNoMatch,
} from "./answer.ts";
export type { Block, SlackMessage, View } from "./blocks.ts";
export { checkBlockKitLimits } from "./limits.ts";
export { cardModel, fillTemplate } from "./model.ts";
export { escapeText, truncate } from "./mrkdwn.ts";
export { renderHelp, renderRecord, renderSearchResults, renderStats } from "./replies.ts";
export { renderAnswerText, renderCardText, renderMatchText, renderRecordText } from "./text.ts";
export { type HomeModel, type HomeStatsRow, renderDetailsView, renderHome, renderPasteModal } from "./views.ts";
