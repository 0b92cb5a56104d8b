import { describe, expect, it } from "vitest";
import { insertLead } from "../../../db/factories.ts";
import { leadsCsv } from "../../../scripts/leads.ts";
import { listLeads } from "../../../worker/leads/leads.service.ts";
import { createTestDatabase } from "../../support/database.ts";

describe("the leads operator command", () => {
  it("exports every lead, oldest first, as RFC 4180 CSV with quoting where needed", async () => {
    const db = await createTestDatabase();
    await insertLead(db, {
      name: 'Ana "Aninha" Souza',
      email: "ana@example.com",
      createdAt: "2026-11-20T10:00:00.000Z",
    });
    await insertLead(db, {
      name: "Lima, João",
      email: "joao@example.com",
      phone: "(11) 91234-5678",
      createdAt: "2026-11-21T09:30:00.000Z",
    });
    const csv = leadsCsv(await listLeads({ db }));
    expect(csv.split("\r\n")).toEqual([
      "created_at,name,email,phone,source",
      '2026-11-20T10:00:00.000Z,"Ana ""Aninha"" Souza",ana@example.com,(11) 98765-4321,waitlist',
      '2026-11-21T09:30:00.000Z,"Lima, João",joao@example.com,(11) 91234-5678,waitlist',
      "",
    ]);
  });
});
