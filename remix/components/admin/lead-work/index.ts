// Working one lead from its detail: stage, owner, notes, reply, timeline and related requests, each
// a plain form posting to the detail route's action.
export { OwnerControl, StageControl } from './controls';
export { FollowUpControl } from './follow-up-control';
export { useDeliveryWatch } from './delivery-watch';
export {
  isWorkRefusal,
  readWorkForm,
  type WorkDone,
  type WorkRefusal,
  type WorkRequest,
} from './fields';
export { Conversation } from './conversation';
export { describeEvent, STAGE_LABELS } from './labels';
export { Notes } from './notes';
export { REPLY_TEXT_ID, ReplyForm } from './reply-form';
export { useStageUndo } from './stage-undo';
export { RelatedRequests, Timeline } from './timeline';
