import { z } from "zod";
import { accountTypes, currencies } from "../../db/enums.ts";
import { signedAmountSchema } from "../ledger/money.ts";
import { accountColors, accountIcons } from "./accounts.presets.ts";

export const nameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Use at most 100 characters");

const presetByName = new Map<string, string>(Object.entries(accountColors));
const presetHexes = new Set(Object.values(accountColors).map((hex) => hex.toUpperCase()));

/** A preset colour by its hex or its name ("blue"), in any letter case; kept as the preset's hex. */
const accountColor = z
  .string()
  .trim()
  .transform((value, context) => {
    const hex = (presetByName.get(value.toLowerCase()) ?? value).toUpperCase();
    if (presetHexes.has(hex)) return hex;
    context.addIssue({ code: "custom", message: "Choose one of the preset colours" });
    return z.NEVER;
  });

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
