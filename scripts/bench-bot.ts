/**
 * `npm run bench:bot [-- --misses]`: the assistant's message parser against its labelled corpus
 * (tests/fixtures/bot/corpus.json). Prints exact-match accuracy by category and overall, and the
 * wrong amounts that would be written without asking; `--misses` lists every inexact parse.
 * Exits non-zero below 97% exact or with any wrong amount. Not part of `npm test`; the
 * node test tests/node/bot/message-parser.test.ts holds the same bar.
 */
import { minimumExactShare, scoreCorpus } from "../tests/support/bot-corpus.ts";

const { outcomes, byCategory, overall } = scoreCorpus();
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

console.log("| category | messages | exact | accuracy | wrong amounts |");
console.log("|---|---|---|---|---|");
for (const { category, total, exact, wrongAmounts } of [...byCategory, overall]) {
  const name = category === "overall" ? "**overall**" : category;
  console.log(`| ${name} | ${total} | ${exact} | ${percent(exact, total)} | ${wrongAmounts} |`);
}

const misses = outcomes.filter((outcome) => !outcome.isExact || outcome.isWrongAmount);
if (process.argv.includes("--misses")) {
  for (const miss of misses) {
    const flag = miss.isWrongAmount ? "WRONG AMOUNT " : "";
    console.log(
      `\n${flag}[${miss.category}] ${miss.text}\n  expected ${JSON.stringify(miss.expected)}\n  parsed   ${JSON.stringify(miss.parsed)}`,
    );
  }
} else if (misses.length > 0) {
  console.log(`\n${misses.length} inexact; \`npm run bench:bot -- --misses\` lists them.`);
}

const isBelowBar = overall.exact / overall.total < minimumExactShare || overall.wrongAmounts > 0;
if (isBelowBar) {
  console.error(`\nBelow the bar: ≥ ${minimumExactShare * 100}% exact and 0 wrong amounts.`);
  process.exitCode = 1;
}
