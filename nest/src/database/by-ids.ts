import { type Model, trusted } from 'mongoose';

/**
 * Documents by their `_id`s, in the ids' order, the missing ones left out: one `$in` where the
 * engine serves it from its primary key, one lookup per id on FerretDB 1.x (which pushes down an
 * `_id` equality alone and reads the whole collection for `$in`).
 */
export async function findByIds<T extends { _id: string }>(
  model: Model<T>,
  ids: readonly string[],
  wholeCollectionEngine: boolean,
): Promise<T[]> {
  if (ids.length === 0) return [];
  const found = wholeCollectionEngine
    ? await Promise.all(ids.map((id) => model.findById(id).lean<T>().exec()))
    : await model
        .find({ _id: trusted({ $in: [...ids] }) })
        .lean<T[]>()
        .exec();
  const byId = new Map(found.flatMap((doc) => (doc ? [[doc._id, doc] as const] : [])));
  return ids.flatMap((id) => {
    const doc = byId.get(id);
    return doc ? [doc] : [];
  });
}

/** Deletes documents by their `_id`s, the same two ways (`$in`, or one by one on FerretDB 1.x). */
export async function deleteByIds<T extends { _id: string }>(
  model: Model<T>,
  ids: readonly string[],
  wholeCollectionEngine: boolean,
): Promise<void> {
  if (ids.length === 0) return;
  if (!wholeCollectionEngine) {
    await model.deleteMany({ _id: trusted({ $in: [...ids] }) }).exec();
    return;
  }
  // A few at a time: an erasure of a long conversation must not open hundreds of requests at once.
  for (let i = 0; i < ids.length; i += 20)
    await Promise.all(ids.slice(i, i + 20).map((id) => model.deleteOne({ _id: id }).exec()));
}
