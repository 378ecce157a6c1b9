import { Readable } from 'node:stream';

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { deleteByIds } from '../../../database/by-ids';
import { DatabaseEngine } from '../../../database/database-engine';
import { isDuplicateKey } from '../../../database/duplicate-key';

import { type StoredAttachment, type StoredMessage } from './stored-message.schema';

/**
 * A piece of an attachment's content: `_id` is `<message key>:<n>:<chunk>`. A document holds at
 * most 16 MB and a message up to INBOUND_MAX_BYTES (25 MB by default), so content goes in chunks,
 * each found by its computed `_id` (a download scans nothing, on any engine).
 */
interface AttachmentChunkRecord {
  _id: string;
  data: Buffer;
}

export const ATTACHMENT_CHUNKS_MODEL = 'MessageAttachmentChunk';

export const AttachmentChunkSchema = new Schema<AttachmentChunkRecord>(
  { _id: { type: String, required: true }, data: { type: Buffer, required: true } },
  { collection: 'message_attachments', versionKey: false, strict: 'throw' },
);

/** 1 MB: small enough to read one at a time while streaming, few enough per message. */
export const CHUNK_BYTES = 1024 * 1024;

const chunkId = (key: string, n: number, chunk: number) => `${key}:${n}:${chunk}`;

/** Attachments' content, stored once per message (its key) and streamed back chunk by chunk. */
@Injectable()
export class AttachmentStore {
  constructor(
    @InjectModel(ATTACHMENT_CHUNKS_MODEL) private readonly chunks: Model<AttachmentChunkRecord>,
    private readonly engine: DatabaseEngine,
  ) {}

  /** Stores attachment `n` of message `key`; answers its chunk count. A repeat stores nothing twice. */
  async put(key: string, n: number, content: Buffer): Promise<number> {
    const count = Math.max(1, Math.ceil(content.length / CHUNK_BYTES));
    for (let i = 0; i < count; i++) {
      try {
        await this.chunks.create({
          _id: chunkId(key, n, i),
          data: content.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES),
        });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    return count;
  }

  /** An attachment's content as a stream, one chunk read at a time (by `_id`). */
  stream(key: string, attachment: StoredAttachment): Readable {
    const chunks = this.chunks;
    async function* read() {
      for (let i = 0; i < attachment.chunks; i++) {
        const chunk = await chunks
          .findById(chunkId(key, attachment.n, i))
          .lean<AttachmentChunkRecord>()
          .exec();
        if (!chunk) throw new Error(`attachment ${attachment.n} of ${key} lost chunk ${i}`);
        // The driver answers a BSON Binary; its bytes are what was stored.
        yield toBuffer(chunk.data);
      }
    }
    return Readable.from(read());
  }

  /** Drops the content of these messages' attachments. */
  async forget(messages: readonly Pick<StoredMessage, 'key' | 'attachments'>[]): Promise<void> {
    const ids = messages.flatMap(({ key, attachments }) =>
      attachments.flatMap((a) => Array.from({ length: a.chunks }, (_, i) => chunkId(key, a.n, i))),
    );
    await deleteByIds(this.chunks, ids, Boolean(await this.engine.wholeCollectionEngine()));
  }
}

function toBuffer(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  const inner: unknown = data && typeof data === 'object' ? Reflect.get(data, 'buffer') : undefined;
  if (inner instanceof Uint8Array) return Buffer.from(inner);
  throw new Error('an attachment chunk holds no bytes');
}
