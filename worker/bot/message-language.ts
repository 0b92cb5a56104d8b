/**
 * Which language a message is written in, from its words: it decides how "1.500", "1,500" and
 * "03/04" read. Words both languages use ("a", "pix", "uber") count for neither; a tie falls back to
 * the user's bot language, and without that the message has no language (both readings are asked).
 */
import type { Language, MessageText } from "./message-text.ts";

const wordsOf = (text: string) => new Set(text.split(" "));

// Words that carry no description: verbs of paying, prepositions, articles, days, fillers.
const portugueseFillers = wordsOf(
  "gastei gasto gastos gastar paguei pagar paga pago comprei recebi receber ganhei ganho " +
    "transferi transferir transferencia transfere passei mandei movi caiu entrou no na nos nas do da dos das de " +
    "em para pra pro com sem juros vezes parcelado parcelada parcelei parcelas parcela prestacoes reais real " +
    "hoje hj ontem anteontem antes dia segunda terca quarta quinta sexta sabado domingo passada passado " +
    "meu minha meus minhas o os um uma cartao debito credito conta e mais foi deu ficou pela pelo por " +
    "dolares dolar mes esse essa este esta isso aqui ainda tudo oi ola obrigado valeu conto contos pila mil que " +
    "qual quanto ao ate tambem so agora cerca uns umas vou fazer fiz fui ir ter tenho tava estava estou acabei " +
    "acabou cedo noite tarde manha la ai entao pq porque muito caro cara num numa ja hora depois",
);
// Portuguese words that name what was bought: they tell the language and stay in the description.
const portugueseNouns = wordsOf(
  "compra compras salario mercado supermercado almoco jantar farmacia remedio aluguel luz agua gasolina " +
    "padaria lanche feira restaurante presente carro casa comida viagem conserto sofa geladeira celular roupa " +
    "camiseta fatura novo nova saldo resumo ajuda desfazer vincular",
);
const englishFillers = wordsOf(
  "spent spend paid pay bought buy received got earned transfer transferred moved sent on at the for from " +
    "to into with my in of and today yesterday yday day before last monday tuesday wednesday thursday friday " +
    "saturday sunday installments installment interest free dollars dollar bucks card debit credit account " +
    "this month week just was it some i me ve split payments what's whats how much did is going went had " +
    "have get like so ok grabbed",
);
const englishNouns = wordsOf(
  "salary paycheck groceries grocery lunch dinner coffee rent gas balance summary help undo link store " +
    "restaurant pharmacy medicine movies snacks breakfast takeout tickets bill car trip food couch phone " +
    "laptop shirt new",
);
const portugueseWords = new Set([...portugueseFillers, ...portugueseNouns]);
const englishWords = new Set([...englishFillers, ...englishNouns]);

/** Words a description leaves out. */
export const fillerWords: ReadonlySet<string> = new Set([
  ...portugueseFillers,
  ...englishFillers,
  "a",
  "as",
  "an",
  "x",
  "r",
  "us",
]);

/** Is this a word of either language (so never a typo of a name)? */
export const isCommonWord = (word: string) => portugueseWords.has(word) || englishWords.has(word);

export function languageOf(message: MessageText, hint: Language | undefined): Language | null {
  let portuguese = 0;
  let english = 0;
  for (const [word] of message.reading.matchAll(/[a-z]+(?:'[a-z]+)?/g)) {
    if (portugueseWords.has(word)) portuguese++;
    if (englishWords.has(word)) english++;
  }
  // "19,90": nobody writing English puts cents after a comma.
  if (/\d,\d{2}(?!\d)/.test(message.reading)) portuguese++;
  if (portuguese > english) return "pt";
  if (english > portuguese) return "en";
  return hint ?? null;
}
