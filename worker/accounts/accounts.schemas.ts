import { z } from "zod";
import { accountTypes, currencies } from "../../db/enums.ts";
import { signedAmountSchema } from "../ledger/money.ts";
import { accountColors, accountIcons } from "../ledger/palettes.ts";

export const nameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Use at most 100 characters");

const presetColors = Object.values(accountColors).map((hex) => hex.toLowerCase());
const accountColor = z
  .string()
  .trim()
  .refine((value) => presetColors.includes(value.toLowerCase()), "Choose one of the preset colours")
  .transform((value) => value.toUpperCase());

const accountFields = {
  name: nameSchema,
  type: z.enum(accountTypes, { error: "Choose checking, savings, investment or credit" }),
  currency: z.enum(currencies, { error: "Choose USD or BRL" }),
  color: accountColor,
  icon: z.enum(accountIcons, { error: "Choose one of the icons" }),
};

/** POST /accounts and the create dialog. `balance` is the opening balance; later it is only computed. */
export const createAccountSchema = z.object({
  ...accountFields,
  currency: accountFields.currency.optional(),
  color: accountColor.default(accountColors.blue),
  icon: accountFields.icon.default("banknotes"),
  balance: signedAmountSchema.optional().transform((cents) => cents ?? 0),
});

/** PUT /accounts/{id}: the balance is read-only; `is_active: false` archives the account. */
export const updateAccountSchema = z
  .object({ ...accountFields, is_active: z.boolean().optional(), balance: z.unknown().optional() })
  .partial()
  .superRefine((input, context) => {
    if (input.balance !== undefined) {
      context.addIssue({ code: "custom", path: ["balance"], message: "The balance is computed from transactions and cannot be edited" });
    }
  })
  .transform(({ balance, ...changes }) => changes);

export type CreateAccountInput = z.infer<typeof createAccountSchema>;
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;
