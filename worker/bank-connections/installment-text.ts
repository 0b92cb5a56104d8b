/**
 * Which installment of a purchase a card's line is, from the bank's text, when the provider does not say
 * (SimpleFIN never does; Pluggy does for Open Finance cards): "MAGAZINE LUIZA PARCELA 3/10", "Amazon -
 * Parcela 3/10", "AMAZON BR PARC 02/06", "NETSHOES PARC 03 DE 05", "PARC=04/12 LOJA X", "CASAS BAHIA 01/12".
 * A bare "01/12" at the end is read only on a card's line, where banks write installments that way and
 * dates rarely; "12/05" (12 of 5) is not an installment; one of one is no plan. The purchase's own text is
 * what is left, so the installments of one purchase share it.
 */

export type InstallmentText = { number: number; total: number; purchase: string };

const keyword = /\s*[-–*]?\s*\b(?:parcela|parc|prc)\b\.?\s*[=:]?\s*(\d{1,2})\s*(?:\/|\bde\b|\bof\b)\s*(\d{1,2})\b\s*/i;
const bare = /\s+(\d{1,2})\/(\d{1,2})\s*$/;

function found(number: number, total: number, purchase: string): InstallmentText | null {
  if (total < 2 || number < 1 || number > total) return null;
  const cleaned = purchase
    .replace(/\s*[-–*]\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned ? { number, total, purchase: cleaned } : null;
}

export function installmentOfText(text: string, options: { onCard: boolean }): InstallmentText | null {
  const named = keyword.exec(text);
  if (named) {
    const purchase = `${text.slice(0, named.index)} ${text.slice(named.index + named[0].length)}`;
    return found(Number(named[1]), Number(named[2]), purchase);
  }
  if (!options.onCard) return null;
  const trailing = bare.exec(text);
  return trailing ? found(Number(trailing[1]), Number(trailing[2]), text.slice(0, trailing.index)) : null;
}
