import { addDays, dayOfMonth } from "../../worker/ledger/dates.ts";

/**
 * "Banco Sandbox": a year of a Brazilian household's bank data, deterministic, in provider-neutral terms
 * so each provider's fake (Pluggy's, SimpleFIN's) renders it in its own shapes. Money is integer cents
 * in Moneta's sign: negative is money leaving an account or a purchase on the card, positive money
 * arriving or a payment or refund on the card. A day's lines depend only on the seed and the date, so
 * a line keeps its id and content whatever `today` the bank is built for. Lines of the last 3 days on
 * the card are pending; a balance counts the posted lines only, as banks state it.
 */

export type SandboxAccountKey = "checking" | "savings" | "card";

export type SandboxLine = {
  /** Stable and unique within its account. */
  id: string;
  /** YYYY-MM-DD, the bank's calendar day. */
  date: string;
  amountCents: number;
  description: string;
  pending: boolean;
  merchant: { name: string; businessName: string } | null;
  /** A transfer or boleto: how it moved and who was on the other side. */
  payment: { method: "PIX" | "TED" | "BOLETO"; counterpart: string } | null;
  /** `totalCents` is the whole purchase, signed like `amountCents`; `purchaseDate` YYYY-MM-DD. */
  installment: { number: number; total: number; totalCents: number; purchaseDate: string } | null;
  /** Card lines on a closed bill: that bill's id. */
  billId: string | null;
};

export type SandboxBill = {
  id: string;
  closingDate: string;
  dueDate: string;
  /** What the bill asks for, positive. */
  totalCents: number;
  /** The day it was paid from the checking account, null while unpaid. */
  paidOn: string | null;
};

export type SandboxAccount = {
  key: SandboxAccountKey;
  kind: "checking" | "savings" | "credit_card";
  name: string;
  number: string;
  currency: "BRL";
  /** The balance before the first line. */
  openingCents: number;
  /** openingCents plus every posted line. */
  balanceCents: number;
  /** Oldest first. */
  lines: SandboxLine[];
  card: { limitCents: number; closingDay: number; dueDay: number; openClosingDate: string; openDueDate: string } | null;
};

export type SandboxBank = {
  institution: "Banco Sandbox";
  owner: string;
  today: string;
  /** The first day with lines. */
  firstDay: string;
  accounts: SandboxAccount[];
  /** The card's closed bills, oldest first. */
  bills: SandboxBill[];
};

const closingDay = 3;
const dueDay = 10;
const owner = "José da Silva Sandbox";

/** mulberry32 on a hash of the parts: the same parts always draw the same numbers. */
function randomOf(...parts: (string | number)[]) {
  let state = 2166136261;
  for (const character of parts.join("|")) state = Math.imul(state ^ character.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const centsBetween = (random: () => number, low: number, high: number) =>
  Math.round((low + random() * (high - low)) * 100);
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** floor(expected + random): as many as expected on average, never a fraction. */
const countOf = (random: () => number, expected: number) => Math.floor(expected + random());

const merchants = {
  ifood: { name: "iFood", businessName: "IFOOD.COM AGENCIA DE RESTAURANTES ONLINE S.A." },
  uber: { name: "Uber", businessName: "UBER DO BRASIL TECNOLOGIA LTDA." },
  paoDeAcucar: { name: "Pão de Açúcar", businessName: "COMPANHIA BRASILEIRA DE DISTRIBUICAO" },
  ipiranga: { name: "Posto Ipiranga", businessName: "IPIRANGA PRODUTOS DE PETROLEO S.A." },
  drogasil: { name: "Drogasil", businessName: "RAIA DROGASIL S.A." },
  netflix: { name: "Netflix", businessName: "NETFLIX ENTRETENIMENTO BRASIL LTDA." },
  magalu: { name: "Magazine Luiza", businessName: "MAGAZINE LUIZA S/A" },
  amazon: { name: "Amazon", businessName: "AMAZON SERVICOS DE VAREJO DO BRASIL LTDA." },
  casasBahia: { name: "Casas Bahia", businessName: "GRUPO CASAS BAHIA S.A." },
} as const;

type Purchase = {
  description: (random: () => number) => string;
  merchant: SandboxLine["merchant"];
  reais: [number, number];
};

const cardPurchases: Purchase[] = [
  { description: () => "PAG*IFOOD", merchant: merchants.ifood, reais: [25, 120] },
  {
    description: (random) =>
      `UBER *TRIP ${Math.floor(random() * 36 ** 4)
        .toString(36)
        .toUpperCase()
        .padStart(4, "0")}`,
    merchant: merchants.uber,
    reais: [9, 58],
  },
  { description: () => "PAO DE ACUCAR 1234", merchant: merchants.paoDeAcucar, reais: [40, 260] },
  { description: () => "POSTO IPIRANGA", merchant: merchants.ipiranga, reais: [80, 220] },
  { description: () => "DROGASIL 0456", merchant: merchants.drogasil, reais: [15, 150] },
];
const debitPurchases = [cardPurchases[2]!, cardPurchases[3]!, cardPurchases[4]!];
const people = [
  "Maria Silva",
  "João Souza",
  "Ana Oliveira",
  "Carlos Pereira",
  "Fernanda Lima",
  "Ricardo Almeida",
  "Juliana Costa",
  "Pedro Santos",
];
/** Bought on the 15th of every 4th month, in turn; one installment on each bill after. */
const installmentPlans = [
  {
    merchant: merchants.magalu,
    total: 10,
    reais: [2400, 4200],
    label: (n: number, t: number) => `MAGAZINE LUIZA PARCELA ${n}/${t}`,
  },
  {
    merchant: merchants.amazon,
    total: 6,
    reais: [600, 1500],
    label: (n: number, t: number) => `AMAZON BR PARC ${String(n).padStart(2, "0")}/${String(t).padStart(2, "0")}`,
  },
  {
    merchant: merchants.casasBahia,
    total: 12,
    reais: [3000, 6000],
    label: (n: number, t: number) => `CASAS BAHIA ${n}/${t}`,
  },
] as const;

const upper = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const dateOfMonthIndex = (index: number, day: number) => dayOfMonth(Math.floor(index / 12), (index % 12) + 1, day);

type Draft = Omit<SandboxLine, "id" | "date" | "pending" | "billId">;
const line = (amountCents: number, description: string, extra: Partial<Draft> = {}): Draft => ({
  amountCents,
  description,
  merchant: null,
  payment: null,
  installment: null,
  ...extra,
});

/** The card's purchases and refunds of one day (not its bill payments). */
function cardCharges(seed: number, scale: number, date: string): Draft[] {
  const random = randomOf(seed, "card", date);
  const drafts: Draft[] = [];
  for (let count = countOf(random, 1.7 * scale); count > 0; count -= 1) {
    const purchase = pick(random, cardPurchases);
    const [low, high] = purchase.reais;
    drafts.push(line(-centsBetween(random, low, high), purchase.description(random), { merchant: purchase.merchant }));
  }
  const day = Number(date.slice(8));
  const month = monthIndex(date);
  if (day === 12) drafts.push(line(-5590, "NETFLIX.COM", { merchant: merchants.netflix }));
  if (day === 22 && month % 3 === 0) {
    drafts.push(line(centsBetween(random, 30, 90), "ESTORNO PAG*IFOOD", { merchant: merchants.ifood }));
  }
  for (let bought = month - 12; bought <= month; bought += 1) {
    if (bought % 4 !== 0) continue;
    const plan = installmentPlans[(bought / 4) % 3]!;
    const number = month - bought + 1;
    if (number > plan.total || date !== dateOfMonthIndex(month, 15)) continue;
    const totalCents = centsBetween(randomOf(seed, "plan", bought), plan.reais[0], plan.reais[1]);
    const share = Math.floor(totalCents / plan.total);
    const amount = number === 1 ? totalCents - share * (plan.total - 1) : share;
    drafts.push(
      line(-amount, plan.label(number, plan.total), {
        merchant: plan.merchant,
        installment: { number, total: plan.total, totalCents: -totalCents, purchaseDate: dateOfMonthIndex(bought, 15) },
      }),
    );
  }
  return drafts;
}

/** The bill closing on `closingDate` holds the card's charges from the previous closing day to the day before. */
function billOf(seed: number, scale: number, closingDate: string): SandboxBill {
  const month = monthIndex(closingDate);
  let totalCents = 0;
  for (let date = dateOfMonthIndex(month - 1, closingDay); date < closingDate; date = addDays(date, 1)) {
    for (const charge of cardCharges(seed, scale, date)) totalCents -= charge.amountCents;
  }
  return { id: `bill-${closingDate}`, closingDate, dueDate: dateOfMonthIndex(month, dueDay), totalCents, paidOn: null };
}

function checkingDay(seed: number, scale: number, date: string, bills: Map<string, SandboxBill>): Draft[] {
  const random = randomOf(seed, "checking", date);
  const day = Number(date.slice(8));
  const drafts: Draft[] = [];
  if (day === 5)
    drafts.push(line(1250000, "SALARIO EMPRESA XYZ", { payment: { method: "TED", counterpart: "Empresa XYZ Ltda" } }));
  if (day === 6) drafts.push(line(-100000, "TRANSFERENCIA PARA POUPANCA"));
  if (day === dueDay) {
    const bill = bills.get(dateOfMonthIndex(monthIndex(date), closingDay))!;
    drafts.push(line(-bill.totalCents, "PAGAMENTO FATURA CARTAO"));
  }
  if (day === 15) {
    drafts.push(
      line(-centsBetween(random, 180, 320), "PAGAMENTO BOLETO ENEL LUZ", {
        payment: { method: "BOLETO", counterpart: "Enel Distribuição São Paulo" },
      }),
    );
  }
  if (day === 20) {
    drafts.push(
      line(-12990, "PAGAMENTO BOLETO VIVO FIBRA", {
        payment: { method: "BOLETO", counterpart: "Telefônica Brasil S.A." },
      }),
    );
  }
  for (let count = countOf(random, 0.6 * scale); count > 0; count -= 1) {
    const person = pick(random, people);
    drafts.push(
      line(-centsBetween(random, 20, 220), `PIX ENVIADO ${upper(person)}`, {
        payment: { method: "PIX", counterpart: person },
      }),
    );
  }
  for (let count = countOf(random, 0.1 * scale); count > 0; count -= 1) {
    const person = pick(random, people);
    drafts.push(
      line(centsBetween(random, 50, 400), `PIX RECEBIDO ${upper(person)}`, {
        payment: { method: "PIX", counterpart: person },
      }),
    );
  }
  for (let count = countOf(random, 0.15 * scale); count > 0; count -= 1) {
    const purchase = pick(random, debitPurchases);
    drafts.push(
      line(
        -centsBetween(random, purchase.reais[0], purchase.reais[1]),
        `COMPRA CARTAO DEBITO ${purchase.description(random)}`,
        { merchant: purchase.merchant },
      ),
    );
  }
  return drafts;
}

function savingsDay(seed: number, date: string): Draft[] {
  const random = randomOf(seed, "savings", date);
  const day = Number(date.slice(8));
  if (day === 6) return [line(100000, "TRANSFERENCIA DA CONTA CORRENTE")];
  if (day === 1) return [line(centsBetween(random, 55, 85), "RENDIMENTO POUPANCA")];
  if (day === 25 && monthIndex(date) % 5 === 0) return [line(-centsBetween(random, 300, 900), "RESGATE POUPANCA")];
  return [];
}

function accountOf(
  key: SandboxAccountKey,
  openingCents: number,
  days: { date: string; drafts: Draft[] }[],
  pendingFrom: string,
  billIdOf: (date: string) => string | null,
) {
  const lines = days.flatMap(({ date, drafts }) =>
    drafts.map(
      (draft, index): SandboxLine => ({
        ...draft,
        id: `${key}-${date.replaceAll("-", "")}-${String(index + 1).padStart(2, "0")}`,
        date,
        pending: key === "card" && date >= pendingFrom && draft.amountCents < 0,
        billId: billIdOf(date),
      }),
    ),
  );
  const balanceCents = lines.reduce((sum, each) => (each.pending ? sum : sum + each.amountCents), openingCents);
  return { lines, balanceCents };
}

/**
 * The bank as it stands on `today`: lines from the card's closing day 12 months before today's month up to
 * today. `scale` multiplies the everyday lines (about 1,100 a year at 1; the benchmark asks for 3 or 4).
 */
export function sandboxBank(options: { today: string; seed?: number; scale?: number }): SandboxBank {
  const { today, seed = 1, scale = 1 } = options;
  const todayMonth = monthIndex(today);
  const firstDay = dateOfMonthIndex(todayMonth - 12, closingDay);
  const pendingFrom = addDays(today, -2);

  const bills = new Map<string, SandboxBill>();
  for (let month = todayMonth - 12; month <= todayMonth; month += 1) {
    const closingDate = dateOfMonthIndex(month, closingDay);
    if (closingDate > today) break;
    const bill = billOf(seed, scale, closingDate);
    bills.set(closingDate, { ...bill, paidOn: bill.dueDate <= today ? bill.dueDate : null });
  }
  const days: string[] = [];
  for (let date = firstDay; date <= today; date = addDays(date, 1)) days.push(date);
  const closedBillOn = (date: string) => {
    const month = monthIndex(date) + (Number(date.slice(8)) >= closingDay ? 1 : 0);
    return bills.get(dateOfMonthIndex(month, closingDay))?.id ?? null;
  };

  const checking = accountOf(
    "checking",
    450000,
    days.map((date) => ({ date, drafts: checkingDay(seed, scale, date, bills) })),
    pendingFrom,
    () => null,
  );
  const savings = accountOf(
    "savings",
    1250000,
    days.map((date) => ({ date, drafts: savingsDay(seed, date) })),
    pendingFrom,
    () => null,
  );
  const cardDays = days.map((date) => {
    const drafts = cardCharges(seed, scale, date);
    const paid =
      Number(date.slice(8)) === dueDay ? bills.get(dateOfMonthIndex(monthIndex(date), closingDay)) : undefined;
    if (paid) drafts.push(line(paid.totalCents, "PAGAMENTO RECEBIDO"));
    return { date, drafts };
  });
  // On its first day the card owes the bill that closes that day, paid a week later within the history.
  const card = accountOf("card", -billOf(seed, scale, firstDay).totalCents, cardDays, pendingFrom, closedBillOn);
  const openClosing = dateOfMonthIndex(todayMonth + (Number(today.slice(8)) >= closingDay ? 1 : 0), closingDay);

  return {
    institution: "Banco Sandbox",
    owner,
    today,
    firstDay,
    accounts: [
      {
        key: "checking",
        kind: "checking",
        name: "Conta Corrente",
        number: "0001/12345-6",
        currency: "BRL",
        openingCents: 450000,
        ...checking,
        card: null,
      },
      {
        key: "savings",
        kind: "savings",
        name: "Poupança",
        number: "0001/98765-4",
        currency: "BRL",
        openingCents: 1250000,
        ...savings,
        card: null,
      },
      {
        key: "card",
        kind: "credit_card",
        name: "Cartão Sandbox",
        number: "4321",
        currency: "BRL",
        openingCents: -billOf(seed, scale, firstDay).totalCents,
        ...card,
        card: {
          limitCents: 800000,
          closingDay,
          dueDay,
          openClosingDate: openClosing,
          openDueDate: dateOfMonthIndex(monthIndex(openClosing), dueDay),
        },
      },
    ],
    bills: [...bills.values()],
  };
}
