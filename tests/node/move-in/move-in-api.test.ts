import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertTag } from "../../../db/factories.ts";
import { accounts, cards, tags, transactionParts, transactions, transactionTags } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";
import { moveInClient, moveInFixture } from "./move-in-client.ts";

describe("bringing your history from another app", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  let client: ReturnType<typeof moveInClient>;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-28T15:00:00.000Z" });
    team = await workspaceWithTeam(t, {
      owner: { tier: "unlimited" },
      workspace: { currency: "BRL", timeZone: "America/Sao_Paulo" },
    });
    client = moveInClient(t, team.workspace.id, team.member.token);
  });

  const balances = async () => {
    const rows = await t.db.select().from(accounts).where(eq(accounts.workspaceId, team.workspace.id));
    return Object.fromEntries(rows.map((row) => [row.name, row.balanceCents]));
  };
  const debts = async () => {
    const rows = await t.db.select().from(cards).where(eq(cards.workspaceId, team.workspace.id));
    return Object.fromEntries(rows.map((row) => [row.name, row.debtCents]));
  };

  it("reads an Organizze export: accounts and a card created, a transfer paired, the unpaid bill left out", async () => {
    const found = await client.preview(moveInFixture("organizze.csv"), "organizze.csv");
    expect(found.app).toBe("organizze");
    expect(found.accounts.map(({ name, type, uuid, paid_from }) => ({ name, type, uuid, paid_from }))).toEqual([
      { name: "Itaú Conta Corrente", type: "account", uuid: null, paid_from: null },
      { name: "Nubank", type: "card", uuid: null, paid_from: "Itaú Conta Corrente" },
      { name: "Poupança Itaú", type: "account", uuid: null, paid_from: null },
    ]);
    expect(found.skipped).toEqual({ unpaid: 1, not_money: 0 });
    expect(found.counts).toEqual({ new: 8, duplicate: 0, possible_duplicate: 0, refused: 0 });
    const transfer = found.lines.find((line) => line.type === "transfer")!;
    expect(transfer).toMatchObject({
      lines: [6, 7],
      from: "Itaú Conta Corrente",
      to: "Poupança Itaú",
      amount: "1000.00",
      tag: null,
    });
    expect(found.tags.map((tag) => tag.name)).toEqual([
      "Salário",
      "Moradia",
      "Alimentação",
      "Transporte",
      "Saúde",
      "Investimentos",
    ]);

    const { created } = await client.bringIn(found);
    expect(created).toBe(8);
    expect(await balances()).toEqual({ "Itaú Conta Corrente": 469_773, "Poupança Itaú": 101_245 });
    expect(await debts()).toEqual({ Nubank: 28_890 });
    const rows = await t.db.select().from(transactions).where(eq(transactions.workspaceId, team.workspace.id));
    expect(rows.find((row) => row.description === "Aluguel")?.note).toBe("Apto 42");
    expect(rows.filter((row) => row.kind === "transfer")).toHaveLength(1);

    // The same file again finds every line already here and would write nothing.
    const again = await client.preview(moveInFixture("organizze.csv"), "organizze.csv");
    expect(again.counts).toEqual({ new: 0, duplicate: 8, possible_duplicate: 0, refused: 0 });
    expect(again.accounts.every((place) => place.uuid !== null)).toBe(true);
    expect(again.tags.every((tag) => tag.uuid !== null)).toBe(true);
  });

  it("reads a card bill paid from an account as the card's payment, its two rows as one, never as spending", async () => {
    const found = await client.preview(moveInFixture("organizze-card-payment.csv"), "organizze.csv");
    expect(found.lines.map((line) => [line.type, line.from, line.to, line.amount, line.tag])).toEqual([
      ["income", null, "Itaú Conta Corrente", "5000.00", "Salário"],
      ["expense", "Nubank", null, "58.90", "Alimentação"],
      ["expense", "Nubank", null, "230.00", "Transporte"],
      ["pay_credit_card", "Itaú Conta Corrente", "Nubank", "288.90", null],
    ]);
    expect(found.lines[3]!.lines).toEqual([5, 6]);
    await client.bringIn(found);
    expect(await balances()).toEqual({ "Itaú Conta Corrente": 471_110 });
    // The purchases were paid: the card owes nothing.
    expect(await debts()).toEqual({ Nubank: 0 });
  });

  it("reads Mobills' subcategories as tags under their category, and pairs its transfer", async () => {
    const found = await client.preview(moveInFixture("mobills.csv"), "mobills.csv");
    expect(found.app).toBe("mobills");
    expect(found.tags).toContainEqual({ name: "Supermercado", parent: "Alimentação", uuid: null });
    expect(found.skipped.unpaid).toBe(1);
    await client.bringIn(found);
    expect(await balances()).toEqual({ Bradesco: 628_862, Carteira: 43_600 });
    const tagRows = await t.db.select().from(tags).where(eq(tags.workspaceId, team.workspace.id));
    const food = tagRows.find((tag) => tag.name === "Alimentação")!;
    expect(tagRows.find((tag) => tag.name === "Padaria")?.parentId).toBe(food.id);
    // A purchase under a subcategory carries its category too (filters and budgets by it find it).
    const links = await t.db.select().from(transactionTags).where(eq(transactionTags.tagId, food.id));
    expect(links).toHaveLength(3);
  });

  it("reads YNAB's register: starting balances as initial balances, both sides of a transfer as one", async () => {
    const found = await client.preview(moveInFixture("ynab-register.tsv"), "Register.tsv");
    expect(found.app).toBe("ynab");
    expect(found.accounts).toMatchObject([
      { name: "Nubank Conta", opening_balance: "2450.00" },
      { name: "Reserva", opening_balance: "10000.00" },
    ]);
    expect(found.lines.filter((line) => line.type === "transfer")).toHaveLength(1);
    expect(found.lines.find((line) => line.description === "Empresa Ltda")?.tag).toBeNull();
    // "Split (1/2)" and "Split (2/2)": one purchase in two parts.
    expect(found.lines.find((line) => line.description === "Mercado Livre")).toMatchObject({
      amount: "200.00",
      parts: [
        { amount: "120.00", tag: "Casa", note: "cortina" },
        { amount: "80.00", tag: "Presentes", note: null },
      ],
    });
    await client.bringIn(found);
    // 2450 + 6100 − 98.40 − 1500 − 120 − 80; 10000 + 1500.
    expect(await balances()).toEqual({ "Nubank Conta": 675_160, Reserva: 1_150_000 });
  });

  it("asks which date format a file uses when its days read both ways", async () => {
    const ambiguous = new TextEncoder().encode(
      '"Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared"\n' +
        '"Conta","","03/04/2026","Padaria","","","","",$10.00,$0.00,"Cleared"\n',
    );
    const refused = await client.previewAnswer(ambiguous, "Register.csv");
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors.date_format).toHaveLength(1);
    const dayFirst = await client.preview(ambiguous, "Register.csv", "dmy");
    expect(dayFirst.lines[0]!.date).toBe("2026-04-03");
    const monthFirst = await client.preview(ambiguous, "Register.csv", "mdy");
    expect(monthFirst.lines[0]!.date).toBe("2026-03-04");
  });

  it("reads Actual's export: a split's parts as one split purchase; its payee-named transfer; its starting balance", async () => {
    const found = await client.preview(moveInFixture("actual.csv"), "All-Accounts.csv");
    expect(found.app).toBe("actual");
    expect(found.lines.map((line) => [line.type, line.amount, line.tag])).toEqual([
      ["transfer", "300.00", null],
      ["expense", "75.80", null],
      ["income", "4200.00", "Freelance"],
    ]);
    expect(found.lines[1]).toMatchObject({
      lines: [5, 6],
      description: "Drogasil",
      parts: [
        { amount: "50.30", tag: "Farmácia", note: "remédio" },
        { amount: "25.50", tag: "Limpeza", note: null },
      ],
    });
    expect(found.lines[2]!.note).toBe("Nota fiscal 123, julho");
    await client.bringIn(found);
    // 1234.56 − 300 − 75.80 + 4200; 300.
    expect(await balances()).toEqual({ Inter: 505_876, "Inter Poupança": 30_000 });
    const [drogasil] = await t.db.select().from(transactions).where(eq(transactions.description, "Drogasil"));
    const parts = await t.db.select().from(transactionParts).where(eq(transactionParts.transactionId, drogasil!.id));
    expect(parts.map((part) => [part.position, part.amountCents, part.note])).toEqual([
      [0, 5_030, "remédio"],
      [1, 2_550, null],
    ]);
    // The category breakdown finds each part under its own tag (and their categories).
    const links = await t.db.select().from(transactionTags).where(eq(transactionTags.transactionId, drogasil!.id));
    expect(links).toHaveLength(4);
  });

  it("reads Firefly III's export: one row per transfer, the opening balance, expense accounts as payees", async () => {
    const found = await client.preview(moveInFixture("firefly.csv"), "2026_11_28_transaction_export.csv");
    expect(found.app).toBe("firefly");
    expect(found.accounts.map((place) => [place.name, place.opening_balance])).toEqual([
      ["Caixa Econômica", "3000.00"],
      ["Tesouro Selic", "0.00"],
    ]);
    await client.bringIn(found);
    // 3000 − 145.90 + 5300 − 800 − 62.35; 800.
    expect(await balances()).toEqual({ "Caixa Econômica": 729_175, "Tesouro Selic": 80_000 });
  });

  it("uses the workspace's accounts and tags of the same name, finds what is already there, and never touches another's", async () => {
    const itau = await insertAccount(t.db, {
      workspaceId: team.workspace.id,
      name: "itau conta corrente",
      currency: "BRL",
    });
    const moradia = await insertTag(t.db, { workspaceId: team.workspace.id, name: "MORADIA" });
    const rent = await t.request(`/api/workspaces/${team.workspace.id}/transactions`, {
      method: "POST",
      token: team.member.token,
      json: {
        type: "expense",
        origin_id: `account:${itau.id}`,
        amount: "2300.00",
        description: "Aluguel outubro",
        date: "2026-10-04",
      },
    });
    expect(rent.status).toBe(201);
    const found = await client.preview(moveInFixture("organizze.csv"), "organizze.csv");
    expect(found.accounts[0]).toMatchObject({ name: "Itaú Conta Corrente", uuid: itau.id });
    expect(found.tags.find((tag) => tag.name === "Moradia")?.uuid).toBe(moradia.id);
    const aluguel = found.lines.find((line) => line.description === "Aluguel")!;
    expect(aluguel.status).toBe("possible_duplicate");
    expect(aluguel.existing?.description).toBe("Aluguel outubro");
    const { created } = await client.bringIn(found);
    expect(created).toBe(7);
  });

  it("undoes a move-in whole: its transactions, balances, and the accounts, cards and tags it created", async () => {
    const before = await snapshotDatabase(t.db);
    const found = await client.preview(moveInFixture("organizze.csv"), "organizze.csv");
    const { moveIn } = await client.bringIn(found);
    const undone = await client.undo(moveIn.uuid);
    expect(undone.status, await undone.clone().text()).toBe(200);
    expect((await undone.json()).data.undone_at).not.toBeNull();
    const after = await snapshotDatabase(t.db);
    for (const table of ["accounts", "cards", "tags", "transactions", "transaction_tags"])
      expect(after[table], table).toEqual(before[table]);
    // Asked again, the undo answers the same and changes nothing.
    expect((await client.undo(moveIn.uuid)).status).toBe(200);
  });

  it("keeps a created account that holds a transaction recorded since, and removes the rest", async () => {
    const found = await client.preview(moveInFixture("organizze.csv"), "organizze.csv");
    const { moveIn } = await client.bringIn(found);
    const savings = moveIn.accounts.find((place) => place.name === "Poupança Itaú")!;
    const deposit = await t.request(`/api/workspaces/${team.workspace.id}/transactions`, {
      method: "POST",
      token: team.member.token,
      json: {
        type: "income",
        destination_id: `account:${savings.uuid}`,
        amount: "50.00",
        description: "Depósito",
        date: "2026-11-20",
      },
    });
    expect(deposit.status).toBe(201);
    expect((await client.undo(moveIn.uuid)).status).toBe(200);
    expect(await balances()).toEqual({ "Poupança Itaú": 5_000 });
    expect(await debts()).toEqual({});
  });

  it("refuses a file of no known app, and a viewer, writing nothing", async () => {
    const before = await snapshotDatabase(t.db);
    const unknown = await client.previewAnswer(new TextEncoder().encode("Date,Amount\n2026-11-01,10.00\n"), "bank.csv");
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).code).toBe("IMPORT_FILE_INVALID");
    const viewer = moveInClient(t, team.workspace.id, team.viewer.token);
    expect((await viewer.previewAnswer(moveInFixture("organizze.csv"), "organizze.csv")).status).toBe(403);
    const badAmount = new TextEncoder().encode("Data;Descrição;Valor;Conta\n21/11/2026;Café;dez reais;Itaú\n");
    const refused = await client.previewAnswer(badAmount, "organizze.csv");
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toContain("dez reais");
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("writes a chunk sent twice at once (a retry racing the first) once, and refuses chunks after an undo", async () => {
    const found = await client.preview(moveInFixture("mobills.csv"), "mobills.csv");
    const { moveIn } = await client.bringIn({ ...found, lines: [] });
    const legs = new Map(moveIn.accounts.map((place) => [place.name, `${place.type}:${place.uuid}`]));
    const lines = found.lines.map((line) => ({
      line: line.lines[0],
      date: line.date,
      type: line.type,
      amount: line.amount,
      description: line.description,
      origin: line.from === null ? null : legs.get(line.from),
      destination: line.to === null ? null : legs.get(line.to),
      imported_id: line.imported_id,
    }));
    const send = () =>
      t.request(`${client.base}/${moveIn.uuid}/chunks`, {
        method: "POST",
        token: team.member.token,
        json: { chunk_index: 0, lines },
      });
    const answers = await Promise.all([send(), send()]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(bodies.map((body) => body.data.created)).toEqual([lines.length, lines.length]);
    const rows = await t.db.select().from(transactions).where(eq(transactions.importId, moveIn.uuid));
    expect(rows).toHaveLength(lines.length);
    expect((await client.undo(moveIn.uuid)).status).toBe(200);
    const late = await t.request(`${client.base}/${moveIn.uuid}/chunks`, {
      method: "POST",
      token: team.member.token,
      json: { chunk_index: 1, lines },
    });
    expect(late.status).toBe(409);
    expect((await late.json()).code).toBe("IMPORT_UNDONE");
  });

  it("refuses a file over 5 MB with 413 and anything but a multipart form with 415, writing nothing", async () => {
    const before = await snapshotDatabase(t.db);
    const large = await client.previewAnswer(new Uint8Array(5 * 1024 * 1024 + 1).fill(65), "organizze.csv");
    expect(large.status).toBe(413);
    expect((await large.json()).code).toBe("PAYLOAD_TOO_LARGE");
    const text = await t.request(`${client.base}/preview`, {
      method: "POST",
      token: team.member.token,
      headers: { "Content-Type": "text/csv" },
      body: "Data;Descrição;Valor;Conta\n",
    });
    expect(text.status).toBe(415);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("holds to the plan's account limit: nothing is created past it", async () => {
    const free = await workspaceWithTeam(t, { workspace: { currency: "BRL" } });
    for (const name of ["A", "B", "C", "D"])
      await insertAccount(t.db, { workspaceId: free.workspace.id, name, currency: "BRL" });
    const freeClient = moveInClient(t, free.workspace.id, free.owner.token);
    const found = await freeClient.preview(moveInFixture("organizze.csv"), "organizze.csv");
    expect(found.account_limit).toEqual({ limit: 5, used: 4, to_create: 2 });
    const before = await snapshotDatabase(t.db);
    const started = await t.request(freeClient.base, {
      method: "POST",
      token: free.owner.token,
      json: {
        file_name: "organizze.csv",
        app: "organizze",
        accounts: found.accounts.map(({ name, type, currency, opening_balance, paid_from }) => ({
          name,
          type,
          currency,
          opening_balance,
          paid_from,
        })),
        tags: [],
        line_count: 8,
      },
    });
    expect(started.status).toBe(403);
    expect((await started.json()).code).toBe("LIMIT_REACHED");
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });
});
