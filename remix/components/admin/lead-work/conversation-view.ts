import { type ConversationMessage } from '@contract';

/** A page of a lead's conversation as its detail shows it: oldest first, and the pages around. */
export interface ConversationView {
  messages: ConversationMessage[];
  /** `before` of the earlier page; null when this page starts the conversation. */
  earlier: string | null;
  /** Whether later messages follow (this is not the newest page). */
  later: boolean;
}
