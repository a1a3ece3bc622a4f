// Audits Tablemate's main pages with Lighthouse (mobile, Debian's Chromium)
// and prints the performance, accessibility, best-practices and SEO scores
// as a table for the README. BASE is a running server with an empty database;
// a table with one game is created first through its forms.
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const base = process.env.BASE ?? "http://127.0.0.1:8091";
let cookies = {};

async function request(path, form) {
  const headers = { cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join("; ") };
  const init = { headers, redirect: "manual" };
  if (form) {
    init.method = "POST";
    init.body = new URLSearchParams(form);
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  const res = await fetch(base + path, init);
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const i = pair.indexOf("=");
    cookies[pair.slice(0, i)] = pair.slice(i + 1);
  }
  return res;
}

// hidden reads the hidden write-form fields (_csrf, _token, _seen) of a page.
async function hidden(path) {
  const html = await (await request(path)).text();
  const out = {};
  for (const m of html.matchAll(/name="(_csrf|_token|_seen)" value="([^"]*)"/g)) out[m[1]] = m[2];
  return out;
}

const created = await request("/tables", [
  ...Object.entries(await hidden("/tables/new")),
  ["game", "koffer-katze-sombrero"], ["name", "Friday"], ["players", "Amelia"], ["players", "Victor"],
]);
if (created.status !== 303 && created.status !== 302) throw new Error(`create table: ${created.status}`);
const table = new URL(created.headers.get("location"), base).pathname;
// A legal two-player game: each display ends with 17 cards (ruling
// KKS-3), each card once, the chips within 7 each (KKS-4). A game that
// breaks a rule is not saved until the table says so (the problems page).
const game = await request(`${table}/games`, {
  ...(await hidden(`${table}/games/new`)),
  "players[0].display.red": "1 2 3 4 5 6 7 8 9 10", "players[0].display.yellow": "1 2 3 4 5 x 7", "players[0].tokens": "5",
  "players[1].display.black": "1 2 3 4 5 6 7 8 9 10", "players[1].display.blue": "2 4 x 5 6 8 9", "players[1].tokens": "9",
});
if (game.status !== 303 && game.status !== 302) throw new Error(`enter game: ${game.status}`);

const pages = ["/", "/tables/new", table, `${table}/games/new`, `${table}/games/1`, `${table}/play`, "/check", "/history"];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const rows = [];
try {
  for (const p of pages) {
    const r = await lighthouse(base + p, {
      port: chrome.port, output: "json", logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      extraHeaders: { cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    const c = r.lhr.categories;
    const fcp = r.lhr.audits["first-contentful-paint"].displayValue;
    const shown = p.replace(table, "/tables/{id}");
    rows.push([shown, c.performance.score * 100, c.accessibility.score * 100, c["best-practices"].score * 100, c.seo.score * 100, fcp]);
  }
} finally {
  await chrome.kill();
}
console.log(`Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile emulation (slow 4G, 4x CPU slowdown)`);
console.log("");
console.log("page                          perf  a11y  best   seo  first paint");
for (const [p, perf, a11y, best, seo, fcp] of rows) {
  console.log(`${p.padEnd(30)}${String(perf).padStart(4)}  ${String(a11y).padStart(4)}  ${String(best).padStart(4)}  ${String(seo).padStart(4)}  ${fcp}`);
}
