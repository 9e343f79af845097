export { ACTION, type CardRef, decodeCardRef, encodeCardRef, KIND_OF_CODE, SHORTCUT_EXPLAIN, VIEW } from "./actions.ts";
export {
  feedbackThanksText,
  renderAlreadyAnswered,
  renderAnswer,
  renderCardFromRef,
  renderFeedbackThanks,
  renderHeldBack,
  renderRecordCard,
  VOTES_BLOCK,
  withVotes,
} from "./answer.ts";
export type { Block, SlackMessage, View } from "./blocks.ts";
export { CARD_ACTIONS_BLOCK, CARD_FIRST_SCREEN, visibleChars } from "./card.ts";
export {
  MUTE_CHOICES,
  type MuteNotice,
  type MuteRow,
  type MuteTarget,
  muteBlocks,
  renderMuteNotice,
  renderMutes,
  renderNotAllowed,
  renderUnmuteNotice,
  renderVersionNotice,
} from "./channel-controls.ts";
export { checkBlockKitLimits } from "./limits.ts";
export {
  type CardCap,
  type CardContext,
  cardModel,
  fillTemplate,
  type MatchFacts,
  type SeenBefore,
  type TeamNote,
} from "./model.ts";
export { escapeText, truncate } from "./mrkdwn.ts";
export {
  renderDidYouMean,
  renderHelp,
  renderPlain,
  renderRecord,
  renderSearchResults,
  renderStats,
} from "./replies.ts";
export { filledTitle, isPureWrapper, labelCaptures, listTitle } from "./template.ts";
export { renderAnswerText, renderCardText, renderMatchText, renderRecordText } from "./text.ts";
export { NOT_SURE_TEXT, renderNothingFound, renderNotSure, reportedError } from "./unsure.ts";
export {
  type ChannelSettings,
  type HomeModel,
  type HomeStatsRow,
  renderDetailsView,
  renderHome,
  renderNoteModal,
  renderPasteModal,
} from "./views.ts";
