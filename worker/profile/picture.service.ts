import { and, eq, or, sql } from "drizzle-orm";
import { newId, isUuid } from "../../db/ids.ts";
import { batchByName } from "../../db/named-batch.ts";
import { userPictures, users } from "../../db/schema/index.ts";
import { batchAsCaller, type Caller } from "../auth/session.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { detectPictureType, maxPictureBytes } from "./picture.ts";
import { profileQueries, toProfile } from "./profile.queries.ts";

const pictureNotFound = () => new AppError("NOT_FOUND", "errors:details.pictureNotFound");

/** Checks the bytes themselves: size first, then the image's magic number. */
function checkedPicture(bytes: Uint8Array<ArrayBuffer>) {
  if (bytes.byteLength === 0) {
    throw fieldError("picture", "errors:fields.pictureMissing");
  }
  if (bytes.byteLength > maxPictureBytes) {
    throw fieldError("picture", "errors:fields.pictureTooLarge", { code: "PAYLOAD_TOO_LARGE", message: "errors:details.pictureTooLarge" });
  }
  const contentType = detectPictureType(bytes);
  if (!contentType) {
    throw fieldError("picture", "errors:fields.pictureType");
  }
  return { contentType, bytes };
}

/** POST /profile/picture: stores (or replaces) the caller's picture and answers with the profile. */
export async function uploadPicture(ctx: ServiceContext, caller: Caller, input: { bytes: Uint8Array<ArrayBuffer> }) {
  const picture = checkedPicture(input.bytes);
  await batchAsCaller(ctx, caller, { account: ctx.db.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)) });
  const now = ctx.clock.now().toISOString();
  const stored = { ...picture, byteSize: picture.bytes.byteLength, updatedAt: now };
  const { rows: profile } = await batchByName(
    ctx.db,
    [
      ctx.db
        .insert(userPictures)
        .values({ userId: caller.userId, ...stored })
        .onConflictDoUpdate({ target: userPictures.userId, set: stored }),
      // A new key per upload gives the picture a new address, so no browser shows the old one.
      ctx.db.update(users).set({ pictureKey: newId(), updatedAt: now }).where(eq(users.id, caller.userId)),
    ],
    profileQueries(ctx, caller.userId),
  );
  return toProfile(profile);
}

/** DELETE /profile/picture. */
export async function deletePicture(ctx: ServiceContext, caller: Caller) {
  await batchAsCaller(ctx, caller, { account: ctx.db.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)) });
  const { rows: profile } = await batchByName(
    ctx.db,
    [
      ctx.db.delete(userPictures).where(eq(userPictures.userId, caller.userId)),
      ctx.db.update(users).set({ pictureKey: null, updatedAt: ctx.clock.now().toISOString() }).where(eq(users.id, caller.userId)),
    ],
    profileQueries(ctx, caller.userId),
  );
  return toProfile(profile);
}

/**
 * GET /profile/picture/{userId}: the caller's own picture, or that of someone sharing a
 * workspace with the caller. Anyone else's answers 404, as a missing picture does.
 */
export async function getPicture(ctx: ServiceContext, caller: Caller, input: { userId: string }) {
  if (!isUuid(input.userId)) throw pictureNotFound();
  const sharesAWorkspace = sql`exists (select 1 from workspace_members as mine
    join workspace_members as theirs on theirs.workspace_id = mine.workspace_id
    where mine.user_id = ${caller.userId} and theirs.user_id = ${input.userId})`;
  const { pictures } = await batchAsCaller(ctx, caller, {
    pictures: ctx.db
      .select({ contentType: userPictures.contentType, bytes: userPictures.bytes })
      .from(userPictures)
      .where(and(eq(userPictures.userId, input.userId), or(eq(userPictures.userId, caller.userId), sharesAWorkspace))),
  });
  const picture = pictures[0];
  if (!picture) throw pictureNotFound();
  return picture;
}
