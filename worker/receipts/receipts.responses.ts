import { z } from "zod";
import { receiptTypes } from "./receipt.rules.ts";

/** A receipt as the API returns it; its bytes are at `GET /workspaces/{workspaceId}/receipts/{uuid}/file`. */
export const receiptResponseSchema = z.object({
  uuid: z.string(),
  transaction_id: z.string(),
  /** The name it was uploaded with, without any folder. */
  file_name: z.string(),
  /** The type its bytes are, whatever its name said. */
  content_type: z.enum(receiptTypes),
  byte_size: z.number().int(),
  /** Null once the person who attached it is gone. */
  created_by: z.object({ name: z.string() }).nullable(),
  created_at: z.string(),
});
