import { z } from "zod";
import { accountTypes, currencies } from "../../db/enums.ts";
import { signedAmountSchema } from "../ledger/money.ts";
import { accountColors, accountIcons } from "./accounts.presets.ts";

export const nameSchema = z
  .string({ error: "errors:fields.nameRequired" })
  .trim()
  .min(1, "errors:fields.nameRequired")
  .max(100, "errors:fields.tooLong");

const presetByName = new Map<string, string>(Object.entries(accountColors));
const presetHexes = new Set(Object.values(accountColors).map((hex) => hex.toUpperCase()));

/** A preset colour by its hex or its name ("blue"), in any letter case; kept as the preset's hex. */
const accountColor = z
  .string()
  .trim()
  .transform((value, context) => {
    const hex = (presetByName.get(value.toLowerCase()) ?? value).toUpperCase();
    if (presetHexes.has(hex)) return hex;
    context.addIssue({ code: "custom", message: "errors:fields.presetColor" });
    return z.NEVER;
  });

const accountFields = {
  name: nameSchema,
  type: z.enum(accountTypes, { error: "errors:fields.accountType" }),
  currency: z.enum(currencies, { error: "errors:fields.currency" }),
  color: accountColor,
  icon: z.enum(accountIcons, { error: "errors:fields.icon" }),
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
      context.addIssue({ code: "custom", path: ["balance"], message: "errors:fields.balanceReadOnly" });
    }
  })
  .transform(({ balance, ...changes }) => changes);

export type CreateAccountInput = z.infer<typeof createAccountSchema>;
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;
