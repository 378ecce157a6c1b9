import { Types } from 'mongoose';

/**
 * A stored document's id (BSON's ObjectId): the id a lead, a note or a reply has from the moment it
 * is made, before it is stored. The one piece of the driver the rest of the API holds in its hands,
 * so it is given from here, beside the connection, and nothing else imports mongoose for it.
 */
export const ObjectId = Types.ObjectId;
export type ObjectId = Types.ObjectId;
