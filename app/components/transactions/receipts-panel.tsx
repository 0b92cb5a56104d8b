import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast-store";
import { maxReceiptBytes, maxReceiptsPerTransaction, receiptAccept } from "../../../worker/receipts/receipt.rules";
import { type ReceiptResponse, receiptFileUrl, receiptsApi } from "./receipts-api";

/** Types a browser draws as a thumbnail (HEIC only Safari does: elsewhere it shows as a file). */
const drawable = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * A transaction's receipts, in its edit dialog: each as a thumbnail (or a file's icon) that opens it,
 * with a delete that asks first; and photos or PDFs to add, from the phone's camera or its files.
 */
export function ReceiptsPanel({ workspaceId, transactionId }: { workspaceId: string; transactionId: string }) {
  const { t } = useTranslation("transactions");
  const api = receiptsApi(workspaceId);
  const [receipts, setReceipts] = useState<ReceiptResponse[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [isAdding, setIsAdding] = useState(false);
  const isMounted = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once when the dialog opens
  useEffect(() => {
    isMounted.current = true;
    api.list(transactionId).then(
      (items) => isMounted.current && setReceipts(items),
      () => isMounted.current && setFailed(true),
    );
    return () => {
      isMounted.current = false;
    };
  }, [transactionId]);

  async function add(files: File[]) {
    setIsAdding(true);
    try {
      for (const file of files) {
        if (file.size > maxReceiptBytes) {
          toast.error(t("receipts.tooLarge", { name: file.name }));
          continue;
        }
        const added = await api.attach(transactionId, file);
        if (isMounted.current) setReceipts((current) => [...(current ?? []), added]);
      }
    } catch (failure) {
      toast.error(t("receipts.notAttached"), (failure as Error).message);
    } finally {
      if (isMounted.current) setIsAdding(false);
    }
  }

  const isFull = (receipts?.length ?? 0) >= maxReceiptsPerTransaction;
  return (
    <section aria-labelledby="receipts-title" className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="receipts-title" className="text-sm font-semibold">
          {t("receipts.title")}
        </h3>
        {receipts !== null && !isFull ? <ReceiptPicker onPick={add} isBusy={isAdding} /> : null}
      </div>
      {failed ? <p className="text-sm text-muted-foreground">{t("receipts.loadFailed")}</p> : null}
      {receipts === null && !failed ? <div className="h-16 animate-pulse rounded-lg bg-muted" /> : null}
      {receipts?.length === 0 ? <p className="text-sm text-muted-foreground">{t("receipts.empty")}</p> : null}
      {receipts?.length ? (
        <ul className="flex flex-wrap gap-3" aria-label={t("receipts.title")}>
          {receipts.map((receipt) => (
            <li key={receipt.uuid} className="relative">
              <a
                href={receiptFileUrl(workspaceId, receipt.uuid)}
                target="_blank"
                rel="noopener"
                className="flex size-16 items-center justify-center overflow-hidden rounded-lg border bg-muted/40 focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={t("receipts.open", { name: receipt.file_name })}
              >
                {drawable.has(receipt.content_type) ? (
                  <img
                    src={receiptFileUrl(workspaceId, receipt.uuid)}
                    alt=""
                    loading="lazy"
                    className="size-full object-cover"
                  />
                ) : (
                  <span className="grid justify-items-center gap-1 px-1 text-center text-xs text-muted-foreground">
                    <Icon name="file-text" className="size-6" />
                    <span className="line-clamp-2 break-words">{receipt.file_name}</span>
                  </span>
                )}
              </a>
              <DeleteReceipt
                name={receipt.file_name}
                onConfirm={async () => {
                  await api.remove(receipt.uuid);
                  setReceipts((current) => (current ?? []).filter((item) => item.uuid !== receipt.uuid));
                  toast.success(t("receipts.deleted"));
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DeleteReceipt({ name, onConfirm }: { name: string; onConfirm(): Promise<void> }) {
  const { t } = useTranslation("transactions");
  const [open, setOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className="absolute top-0 right-0 grid size-6 place-items-center rounded-full border bg-background text-muted-foreground shadow-sm hover:text-destructive focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={t("receipts.delete", { name })}
        >
          <Icon name="x" className="size-3.5" />
        </button>
      }
      title={t("receipts.deleteTitle")}
      description={t("receipts.deleteDescription", { name })}
      confirmLabel={t("receipts.deleteConfirm")}
      isBusy={isBusy}
      onConfirm={async () => {
        setIsBusy(true);
        try {
          await onConfirm();
          setOpen(false);
        } catch (failure) {
          toast.error((failure as Error).message);
        } finally {
          setIsBusy(false);
        }
      }}
    />
  );
}

/**
 * "Take a photo" (the phone's camera, where there is one) and "Choose a file": each gives the files
 * picked, which the caller attaches (or keeps until the transaction exists).
 */
export function ReceiptPicker({ onPick, isBusy }: { onPick(files: File[]): void; isBusy?: boolean }) {
  const { t } = useTranslation("transactions");
  const camera = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const picked = (event: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = "";
    if (chosen.length) onPick(chosen);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={picked}
        data-testid="receipt-camera"
      />
      <input
        ref={files}
        type="file"
        accept={receiptAccept}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={picked}
        data-testid="receipt-file"
      />
      <Button type="button" variant="outline" size="sm" disabled={isBusy} onClick={() => camera.current?.click()}>
        <Icon name="camera" />
        {t("receipts.takePhoto")}
      </Button>
      <Button type="button" variant="outline" size="sm" disabled={isBusy} onClick={() => files.current?.click()}>
        <Icon name="paperclip" />
        {isBusy ? t("receipts.attaching") : t("receipts.chooseFile")}
      </Button>
    </div>
  );
}
