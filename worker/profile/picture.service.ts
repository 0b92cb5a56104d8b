import { and, eq, or, sql } from "drizzle-orm";
import { newId, isUuid } from "../../db/ids.ts";
import { batchByName } from "../../db/named-batch.ts";
import { userPictures, users } from "../../db/schema/index.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { detectPictureType, maxPictureBytes } from "./picture.rules.ts";
import { profileQueries, toProfile } from "./profile.queries.ts";
import type { PersonCall } from "../access/actor.ts";
import { batchAsActor } from "../access/actor-access.ts";

const pictureNotFound = () => new AppError("NOT_FOUND", "errors:details.pictureNotFound");

/** Checks the bytes themselves: size first, then the image's magic number. */
function checkedPicture(bytes: Uint8Array<ArrayBuffer>) {
  if (bytes.byteLength === 0) {
    throw fieldError("picture", "errors:fields.pictureMissing");
  }
  if (bytes.byteLength > maxPictureBytes) {
    throw fieldError("picture", "errors:fields.pictureTooLarge", {
      code: "PAYLOAD_TOO_LARGE",
      message: "errors:details.pictureTooLarge",
    });
  }
  const contentType = detectPictureType(bytes);
  if (!contentType) {
    throw fieldError("picture", "errors:fields.pictureType");
  }
  return { contentType, bytes };
}

/** POST /profile/picture: stores (or replaces) the caller's picture and answers with the profile. */
export async function uploadPicture({ ctx, input }: PersonCall<{ bytes: Uint8Array<ArrayBuffer> }>) {
  const picture = checkedPicture(input.bytes);
  await batchAsActor(ctx, {
    account: ctx.db.select({ id: users.id }).from(users).where(eq(users.id, ctx.actor.userId)),
  });
  const now = ctx.clock.now().toISOString();
  const stored = { ...picture, byteSize: picture.bytes.byteLength, updatedAt: now };
  const { rows: profile } = await batchByName(
    ctx.db,
    [
      ctx.db
        .insert(userPictures)
        .values({ userId: ctx.actor.userId, ...stored })
        .onConflictDoUpdate({ target: userPictures.userId, set: stored }),
      // A new key per upload gives the picture a new address, so no browser shows the old one.
      ctx.db.update(users).set({ pictureKey: newId(), updatedAt: now }).where(eq(users.id, ctx.actor.userId)),
    ],
    profileQueries(ctx, ctx.actor.userId),
  );
  return toProfile(profile, ctx);
}

/** DELETE /profile/picture. */
export async function deletePicture({ ctx }: PersonCall) {
  await batchAsActor(ctx, {
    account: ctx.db.select({ id: users.id }).from(users).where(eq(users.id, ctx.actor.userId)),
  });
  const { rows: profile } = await batchByName(
    ctx.db,
    [
      ctx.db.delete(userPictures).where(eq(userPictures.userId, ctx.actor.userId)),
      ctx.db
        .update(users)
        .set({ pictureKey: null, updatedAt: ctx.clock.now().toISOString() })
        .where(eq(users.id, ctx.actor.userId)),
    ],
    profileQueries(ctx, ctx.actor.userId),
  );
  return toProfile(profile, ctx);
}

/**
 * GET /profile/picture/{userId}: the caller's own picture, or that of someone sharing a
 * workspace with the caller. Anyone else's answers 404, as a missing picture does.
 */
export async function getPicture({ ctx, input }: PersonCall<{ userId: string }>) {
  if (!isUuid(input.userId)) throw pictureNotFound();
  const sharesAWorkspace = sql`exists (select 1 from workspace_members as mine
    join workspace_members as theirs on theirs.workspace_id = mine.workspace_id
    where mine.user_id = ${ctx.actor.userId} and theirs.user_id = ${input.userId})`;
  const { pictures } = await batchAsActor(ctx, {
    pictures: ctx.db
      .select({ contentType: userPictures.contentType, bytes: userPictures.bytes })
      .from(userPictures)
      .where(
        and(eq(userPictures.userId, input.userId), or(eq(userPictures.userId, ctx.actor.userId), sharesAWorkspace)),
      ),
  });
  const picture = pictures[0];
  if (!picture) throw pictureNotFound();
  return picture;
}
