export type ToastKind = "success" | "error" | "warning" | "info";

/**
 * How long each kind stays, in milliseconds (docs/product.md#look-and-feel). The close animation takes 300 ms.
 * Apart from toast.tsx so the landing page's script can share it without React.
 */
export const toastDurations: Record<ToastKind, number> = {
  success: 5000,
  error: 7000,
  warning: 6000,
  info: 5000,
};
