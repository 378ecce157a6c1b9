import { type InboundChannel } from '../contract';

/**
 * A way mail comes in. Each hands every raw message to InboundPipeline.accept and acts on what it
 * answers: the mailbox marks what was taken in and moves on, the webhook answers its caller. Both
 * share the pipeline, so a message brought by both is kept once.
 */
export interface InboundSource {
  readonly channel: InboundChannel;
  /** Whether it is configured (its settings are set). */
  configured(): boolean;
}
