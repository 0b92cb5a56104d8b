/**
 * The bot's commands: "saldo"/"balance", "desfazer"/"undo", "ajuda"/"help", "resumo"/"summary",
 * and "VINCULAR 482913"/"link 482913". A message is a command when it names one and holds no
 * amount, so "saldo" and "qual meu saldo?" are commands and "paguei 50 de saldo devedor" is not.
 */
import { isWithinOneTypo, type MessageText, wordsOf } from "./message-text.ts";

export type BotCommand = "balance" | "undo" | "help" | "summary" | "link";
export type CommandFound = { command: BotCommand; code?: string };

// In priority order: "desfazer o resumo" undoes.
const commandPhrases: Array<[BotCommand, RegExp]> = [
  [
    "undo",
    /\b(?:desfazer|desfaz|desfaca|desfazr|apaga(?:r)? (?:o|a|isso|ultim[oa])|cancela(?:r)? (?:isso|(?:o |a )?ultim[oa])|undo|delete (?:that|it|last)|remove (?:that|it|last))\b/,
  ],
  ["balance", /\b(?:saldos?|balances?|quanto tenho)\b/],
  [
    "summary",
    /\b(?:resumo|summary|relatorio|report|quanto gastei|how much (?:did )?i (?:spend|spent)|gastos do mes|extrato)\b/,
  ],
  ["help", /\b(?:ajuda|help|socorro|comandos|commands|menu|como funciona|how does (?:it|this) work)\b/],
];

const typoFriendly: Array<[BotCommand, string]> = [
  ["undo", "desfazer"],
  ["balance", "balance"],
  ["summary", "resumo"],
  ["summary", "summary"],
  ["help", "ajuda"],
];

/** "vincular 482913", "Vincular: 482 913" or "link 482913"; a code alone is not a command. */
export function readLinkCommand(message: MessageText): CommandFound | null {
  const found = /^\W*(?:vincular|vincula|vinculo|link|linkar)\b\W*((?:\d ?){3,7}\d)?\W*$/.exec(message.reading.trim());
  if (!found) return null;
  return found[1] ? { command: "link", code: found[1].replace(/ /g, "") } : { command: "link" };
}

/** A command named in a message that holds no number. */
export function readCommand(message: MessageText): CommandFound | null {
  if (/\d/.test(message.reading)) return null;
  const text = message.reading.replace(/[^a-z ]+/g, " ").replace(/ +/g, " ");
  for (const [command, phrase] of commandPhrases) if (phrase.test(text)) return { command };
  for (const { word } of wordsOf(message)) {
    const typo = typoFriendly.find(([, known]) => word.length >= 5 && isWithinOneTypo(word, known));
    if (typo) return { command: typo[0] };
  }
  return null;
}
