/**
 * Auto-categorise (docs/product.md#the-whatsapp-assistant): the tag a message's description most likely belongs to when
 * the message names none — first the workspace's own habit (past transactions with a similar
 * description), then built-in keyword lists for tags with common names ("Mercado": feira, padaria…).
 * Only tags that exist in the workspace are ever returned; nothing is created.
 */
import { fillerWords } from "../bot/message-language.ts";
import { isWithinOneTypo, normalisePhrase } from "../bot/message-text.ts";

type Tag = { id: string; name: string };

/**
 * Common tag names (normalised) and words that mean them, Portuguese and English. A workspace's tag
 * whose name is in `names` gets the `keywords`.
 */
const keywordLists: ReadonlyArray<{ names: readonly string[]; keywords: readonly string[] }> = [
  {
    names: ["mercado", "supermercado", "alimentacao", "groceries", "grocery", "food"],
    keywords: [
      "mercado",
      "supermercado",
      "feira",
      "hortifruti",
      "sacolao",
      "acougue",
      "padaria",
      "atacadao",
      "assai",
      "carrefour",
      "grocery",
      "groceries",
      "supermarket",
      "bakery",
      "walmart",
      "costco",
    ],
  },
  {
    names: ["restaurantes", "restaurante", "restaurants", "restaurant", "dining", "delivery", "comida"],
    keywords: [
      "ifood",
      "rappi",
      "restaurante",
      "lanche",
      "lanchonete",
      "almoco",
      "jantar",
      "pizza",
      "hamburguer",
      "sushi",
      "cafe",
      "restaurant",
      "lunch",
      "dinner",
      "breakfast",
      "burger",
      "ubereats",
      "doordash",
      "starbucks",
      "mcdonalds",
    ],
  },
  {
    names: ["transporte", "transport", "transportation", "carro", "car", "mobilidade"],
    keywords: [
      "uber",
      "taxi",
      "onibus",
      "metro",
      "gasolina",
      "combustivel",
      "etanol",
      "posto",
      "estacionamento",
      "pedagio",
      "fuel",
      "parking",
      "toll",
      "bus",
      "subway",
      "train",
      "lyft",
    ],
  },
  {
    names: ["saude", "health", "farmacia", "pharmacy"],
    keywords: [
      "farmacia",
      "drogaria",
      "remedio",
      "medico",
      "consulta",
      "dentista",
      "exame",
      "hospital",
      "pharmacy",
      "doctor",
      "medicine",
      "dentist",
    ],
  },
  {
    names: ["lazer", "entretenimento", "leisure", "entertainment", "fun"],
    keywords: ["cinema", "teatro", "show", "ingresso", "ingressos", "movie", "movies", "concert", "tickets", "museum"],
  },
  {
    names: ["assinaturas", "subscriptions", "streaming"],
    keywords: ["netflix", "spotify", "disney", "hbo", "youtube", "icloud", "deezer", "globoplay"],
  },
  {
    names: ["casa", "moradia", "housing", "home", "contas", "bills", "utilities"],
    keywords: [
      "aluguel",
      "condominio",
      "luz",
      "energia",
      "agua",
      "internet",
      "iptu",
      "rent",
      "electricity",
      "water",
      "utilities",
    ],
  },
  {
    names: ["educacao", "education", "estudos"],
    keywords: [
      "escola",
      "faculdade",
      "curso",
      "livro",
      "livros",
      "mensalidade",
      "school",
      "course",
      "tuition",
      "books",
    ],
  },
  { names: ["pets", "pet", "animais"], keywords: ["petshop", "racao", "veterinario", "vet"] },
  {
    names: ["roupas", "vestuario", "clothes", "clothing", "shopping"],
    keywords: ["roupa", "roupas", "sapato", "tenis", "camisa", "clothes", "shoes", "shirt"],
  },
  { names: ["salario", "salary", "renda", "income"], keywords: ["salario", "salary", "paycheck"] },
];

/**
 * The workspace's tag a description's words point to by the keyword lists ("uber" → Transporte when
 * the workspace has a tag named Transporte); a word of five letters or more may carry one typo.
 * Null when no word does, or when words point to two tags.
 */
export function tagFromKeywords<T extends Tag>(description: string, tags: readonly T[]): T | null {
  const words = significantWords(description);
  const matching = tags.filter((tag) => {
    const list = keywordLists.find((entry) => entry.names.includes(normalisePhrase(tag.name)));
    return list?.keywords.some((keyword) =>
      words.some((word) => word === keyword || (word.length >= 5 && isWithinOneTypo(word, keyword))),
    );
  });
  return matching.length === 1 ? matching[0]! : null;
}

/** A description's words that say something: "Pão de Açúcar 2" → ["pao", "acucar"]. */
function significantWords(description: string): string[] {
  return wordsOfPhrase(normalisePhrase(description));
}

function wordsOfPhrase(phrase: string): string[] {
  return phrase.split(/[^a-z0-9]+/).filter((word) => word.length >= 3 && !fillerWords.has(word) && !/^\d+$/.test(word));
}

/**
 * The tag the workspace's history gives a description: past transactions with the same description
 * first, then those sharing a word; the tag they carry most often, when one leads. `history` is the
 * newest tagged transactions (description, tag), newest first.
 */
export function tagFromHistory(
  description: string,
  history: ReadonlyArray<{ description: string; tagId: string }>,
): string | null {
  const wanted = normalisePhrase(description);
  const words = new Set(significantWords(description));
  if (words.size === 0) return null;
  const sameDescription: (typeof history)[number][] = [];
  const sharingAWord: (typeof history)[number][] = [];
  for (const past of history) {
    // Each past description is normalised once.
    const phrase = normalisePhrase(past.description);
    if (phrase === wanted) sameDescription.push(past);
    if (wordsOfPhrase(phrase).some((word) => words.has(word))) sharingAWord.push(past);
  }
  return leadingTag(sameDescription) ?? leadingTag(sharingAWord);
}

/** The tag most of `rows` carry, or null when none or when two tie. */
function leadingTag(rows: ReadonlyArray<{ tagId: string }>): string | null {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.tagId, (counts.get(row.tagId) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0 || (ranked[1] && ranked[1][1] === ranked[0]![1])) return null;
  return ranked[0]![0];
}
