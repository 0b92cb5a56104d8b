import { answered } from "~/lib/api-answers";
import type { ReceiptResponse } from "../../../worker/receipts/receipts.service";

/**
 * The transaction dialog's calls for receipts (docs/api.md, "Receipts"): the page's session cookie
 * authenticates them. A refusal throws its envelope's message, already in the person's language.
 */

export type { ReceiptResponse };

export const receiptFileUrl = (workspaceId: string, receiptId: string) =>
  `/api/workspaces/${workspaceId}/receipts/${receiptId}/file`;

export function receiptsApi(workspaceId: string) {
  const ofTransaction = (transactionId: string) =>
    `/api/workspaces/${workspaceId}/transactions/${transactionId}/receipts`;
  return {
    async list(transactionId: string): Promise<ReceiptResponse[]> {
      return answered(await fetch(ofTransaction(transactionId), { credentials: "same-origin" }));
    },
    async attach(transactionId: string, file: File): Promise<ReceiptResponse> {
      const form = new FormData();
      form.set("file", await shrunkPhoto(file));
      return answered(
        await fetch(ofTransaction(transactionId), { method: "POST", body: form, credentials: "same-origin" }),
        "file",
      );
    },
    async remove(receiptId: string): Promise<void> {
      await answered(
        await fetch(`/api/workspaces/${workspaceId}/receipts/${receiptId}`, {
          method: "DELETE",
          credentials: "same-origin",
        }),
      );
    },
  };
}

/** A phone's photo above this is shrunk before it is sent: a receipt reads well at far less. */
const shrinkAboveBytes = 1.5 * 1024 * 1024;
/** The longest side a shrunk photo keeps: the small print of a receipt stays readable. */
const longestSide = 2048;

/**
 * A large photo redrawn on the device as a JPEG whose longest side is 2048 px, so a 12-megapixel
 * picture of a receipt goes up in a few hundred KB on a slow connection. PDFs, small photos and what
 * the browser cannot draw (HEIC outside Safari) go as they are; the server checks every byte anyway.
 */
export async function shrunkPhoto(file: File): Promise<File> {
  if (!file.type.startsWith("image/") || file.size <= shrinkAboveBytes) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, longestSide / Math.max(bitmap.width, bitmap.height));
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 });
    if (blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" });
  } catch {
    return file;
  }
}
