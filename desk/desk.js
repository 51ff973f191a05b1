// The desk's page: words from desk.json (Japanese first, English one tap away), the four
// tasks, and the worker that runs the project's Python. The page only shows what the
// worker answers; every sentence a task gives was worded by the library in the chosen
// language, and a Python error reaches the console only.
"use strict";

const MAX_MB = 20;  // a phone's browser holds a file several times over while working
let manifest = null;
let lang = "ja";
let lastRate = null;
const worker = new Worker("worker.js");
const waiting = new Map();
let nextJob = 0;

const $ = (id) => document.getElementById(id);
const w = (key, fields = {}) => {
  const pair = manifest.words[key];
  const text = pair ? pair[lang === "ja" ? 0 : 1] : key;
  return text.replace(/\{(\w+)(!r)?\}/g, (_, name, quote) =>
    quote ? `'${fields[name]}'` : String(fields[name]));
};

function element(tag, text, attrs = {}) {
  const made = document.createElement(tag);
  if (text !== undefined && text !== null) made.textContent = text;
  for (const [name, value] of Object.entries(attrs)) made.setAttribute(name, value);
  return made;
}

function show(id, on) { $(id).hidden = !on; }

function status(key, fields) {
  if (manifest) $("status").textContent = key ? w(key, fields) : "";
}

worker.onmessage = (event) => {
  const message = event.data;
  if (message.type === "progress") status(message.key, { count: message.count });
  else if (message.type === "ready") { status("desk.ready"); window.deskLoadSeconds = message.seconds; }
  else if (message.type === "failed") status("desk.failed");
  else if (message.type === "answer") {
    waiting.get(message.id)(message.answer);
    waiting.delete(message.id);
  }
};

function call(task, args, files) {
  const id = ++nextJob;
  document.body.classList.add("busy");
  status("desk.working");
  return new Promise((resolve) => {
    waiting.set(id, (answer) => {
      document.body.classList.remove("busy");
      if (answer.error === null) answer.error = w("desk.failed");
      resolve(answer);
      setTimeout(() => { window.deskAnswers = (window.deskAnswers || 0) + 1; }, 0);
    });
    worker.postMessage({ id, task, args: { ...args, lang }, files });
  });
}

async function picked(input, errorId) {
  const file = input.files[0];
  if (!file) return null;
  if (file.size > MAX_MB * 1024 * 1024) {
    fail(errorId, w("desk.too_big", { name: file.name,
      size: (file.size / 1024 / 1024).toFixed(1), limit: MAX_MB }));
    return null;
  }
  return { name: file.name, bytes: await file.arrayBuffer() };
}

function fail(errorId, text) {
  $(errorId).textContent = text;
  show(errorId, true);
  show(errorId.replace("error", "result"), false);
}

function download(name, bytes, type) {
  const link = element("a", null, { download: name });
  link.href = URL.createObjectURL(new Blob([bytes], { type }));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

function table(target, rows, numeric = () => false) {
  target.replaceChildren();
  rows.forEach((row, n) => {
    const line = element("tr");
    row.forEach((cell, i) => {
      line.append(element(n === 0 ? "th" : "td", cell, numeric(i) && n ? { class: "number" } : {}));
    });
    target.append(line);
  });
}

/* ---- start a ledger ------------------------------------------------------------------ */
const imported = { file: null, accepted: new Set(), bad: 0 };

async function previewImport() {
  show("import-error", false);
  show("import-done", false);
  const { file } = imported;
  if (!file) return;
  const answer = await call("preview", { log: file.name, template: rulePath("import-rule"),
    accepted: [...imported.accepted] }, { [file.name]: file.bytes });
  if (answer.error) return fail("import-error", answer.error);
  $("import-counts").textContent = w("desk.preview", { games: answer.games,
    players: answer.players.length });
  showNear(answer.near);
  showBad($("import-bad"), answer.bad);
  table($("import-sample"), answer.sample);
  imported.bad = answer.bad.length;
  $("import-make").textContent = imported.bad ? w("desk.make_skip", { count: imported.bad })
    : w("desk.make");
  $("import-make").disabled = answer.games === 0;
  show("import-result", true);
}

function showNear(near) {
  const box = $("import-near");
  box.replaceChildren();
  const kept = near.concat([...imported.accepted].filter((name) =>
    !near.some((n) => n.name === name)).map((name) => ({ name, accepted: true })));
  if (!kept.length) return;
  box.append(element("h3", w("desk.near_title")));
  for (const item of kept) {
    const row = element("div", null, { class: "near" });
    if (!item.accepted) {
      row.append(element("span", w("desk.near_line", item)));
    } else {
      row.append(element("span", `'${item.name}'`));
    }
    const label = element("label");
    const box2 = element("input", null, { type: "checkbox", "data-name": item.name });
    box2.checked = imported.accepted.has(item.name);
    box2.addEventListener("change", () => {
      if (box2.checked) imported.accepted.add(item.name); else imported.accepted.delete(item.name);
      previewImport();
    });
    label.append(box2, element("span", w("desk.accept")));
    row.append(label);
    box.append(row);
  }
}

function showBad(box, bad) {
  box.replaceChildren();
  if (!bad.length) return;
  box.append(element("h3", w("desk.bad_title", { count: bad.length })));
  const scroll = element("div", null, { class: "scroll" });
  const grid = element("table", null, { class: "bad" });
  table(grid, [[w("desk.col_line"), w("desk.col_field"), w("desk.col_value"), w("desk.col_reason")],
    ...bad.map((b) => [String(b.line), b.field, b.value, b.reason])], (i) => i === 0);
  scroll.append(grid);
  box.append(scroll);
}

async function makeLedger() {
  const { file } = imported;
  const out = `${file.name.replace(/\.[^.]*$/, "")}-${w("desk.ledger_file")}.xlsx`;
  const answer = await call("import", { log: file.name, template: rulePath("import-rule"),
    out, accepted: [...imported.accepted], skip_bad: imported.bad > 0 }, { [file.name]: file.bytes });
  if (answer.error) return fail("import-error", answer.error);
  $("import-done").textContent = answer.done;
  show("import-done", true);
  download(answer.out, answer.bytes, XLSX);
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const rulePath = (id) => `/desk/templates/${$(id).value}`;

/* ---- check and repair ---------------------------------------------------------------- */
let checked = null;

async function checkWorkbook() {
  show("check-error", false);
  show("repair-done", false);
  $("repair-lines").replaceChildren();
  checked = await picked($("check-file"), "check-error");
  if (!checked) return;
  const answer = await call("check", { workbook: checked.name }, { [checked.name]: checked.bytes });
  if (answer.error) return fail("check-error", answer.error);
  const lines = [...answer.problems, ...answer.findings, ...answer.notes];
  if (!answer.needs_repair) lines.push(w("desk.all_fine"));
  $("check-lines").replaceChildren(...lines.map((line) => element("li", line)));
  $("check-summary").textContent = answer.summary;
  show("check-result", true);
}

async function repairWorkbook() {
  const grow = $("check-grow").checked;
  const out = `${checked.name.replace(/\.[^.]*$/, "")}-${w("desk.repaired_file")}.xlsx`;
  const args = { workbook: checked.name, out };
  if (grow) args.rows = Number($("check-rows").value);
  const answer = await call("repair", args, { [checked.name]: checked.bytes });
  if (answer.error) return fail("check-error", answer.error);
  $("repair-lines").replaceChildren(...[...answer.restored, ...answer.not_carried]
    .map((line) => element("li", line)));
  $("repair-done").textContent = answer.done;
  show("repair-done", true);
  download(answer.out, answer.bytes, XLSX);
}

/* ---- publish the list ---------------------------------------------------------------- */
let published = null;

async function publishList() {
  show("publish-error", false);
  const file = await picked($("publish-file"), "publish-error");
  if (!file) return;
  const args = { workbook: file.name, from_replay: $("publish-replay").checked };
  const month = $("publish-month").value.trim();
  if (month) args.month = month;
  const answer = await call("publish", args, { [file.name]: file.bytes });
  if (answer.error) return fail("publish-error", answer.error);
  published = answer;
  $("publish-chats").replaceChildren(...Object.entries(answer.chats).map(([platform, text]) => {
    const box = element("label", null, { class: "field" });
    box.append(element("span", w(`desk.chat_${platform}`)),
      element("textarea", text, { readonly: "", rows: "8", "data-platform": platform }));
    return box;
  }));
  show("publish-result", true);
}

function printPage() {
  const shown = window.open(URL.createObjectURL(new Blob([published.page], { type: "text/html" })));
  if (shown) shown.addEventListener("load", () => shown.print());
}

/* ---- rating list --------------------------------------------------------------------- */
async function rateLog() {
  show("rate-error", false);
  const file = await picked($("rate-file"), "rate-error");
  if (!file) return;
  const answer = await call("rate", { log: file.name, template: rulePath("rate-rule") },
    { [file.name]: file.bytes });
  if (answer.error) return fail("rate-error", answer.error);
  lastRate = { answer, key: "position", up: true };
  $("rate-bad").textContent = answer.bad.length ? w("desk.rate_bad", { count: answer.bad.length }) : "";
  drawRates();
  show("rate-result", true);
}

function rateKeys(answer) {
  const keys = ["position", "player", "rating"];
  if (answer.rows.some((r) => r.deviation !== null)) keys.push("deviation");
  keys.push("games");
  if (answer.rows.some((r) => r.rank)) keys.push("rank");
  return keys;
}

function drawRates() {
  const { answer, key, up } = lastRate;
  const keys = rateKeys(answer);
  const rows = [...answer.rows].sort((a, b) => {
    const x = a[key], y = b[key];
    const order = typeof x === "string" ? x.localeCompare(y, lang) : x - y;
    return (up ? order : -order) || a.position - b.position;
  });
  const text = (row, k) => k === "rating" ? row.rating_text : k === "deviation" ? row.deviation_text
    : String(row[k]);
  const grid = $("rate-table");
  table(grid, [keys.map((k) => answer.headings[k]), ...rows.map((r) => keys.map((k) => text(r, k)))],
    (i) => !["player", "rank"].includes(keys[i]));
  grid.querySelectorAll("th").forEach((th, i) => {
    th.tabIndex = 0;
    th.dataset.key = keys[i];
    if (keys[i] === key) th.setAttribute("aria-sort", up ? "ascending" : "descending");
  });
}

function sortBy(event) {
  const th = event.target.closest("th");
  if (!th || !lastRate) return;
  const key = th.dataset.key;
  lastRate.up = key === lastRate.key ? !lastRate.up : ["position", "player", "rank"].includes(key);
  lastRate.key = key;
  drawRates();
}

/* ---- sheets, words, tabs ------------------------------------------------------------- */
function drawSheets() {
  const list = $("sheet-list");
  list.replaceChildren();
  for (const sheet of manifest.sheets) {
    const mine = sheet[lang];
    const card = element("article", null, { class: "card" });
    card.append(element("h2", mine.title), element("p", mine.line));
    card.append(element("img", null, { src: `img/${mine.picture}`, alt: mine.title,
      loading: "lazy" }));
    const buttons = element("div", null, { class: "buttons" });
    for (const which of ["ja", "en"]) {
      const link = element("a", w(`desk.sheet_${which}`), { href: `sheets/${sheet[which].file}`,
        download: sheet[which].file });
      buttons.append(link);
    }
    card.append(buttons);
    list.append(card);
  }
}

function fillRules() {
  for (const select of document.querySelectorAll("select.rules")) {
    const before = select.value;
    select.replaceChildren(...manifest.rules.filter((r) => r.lang === lang)
      .map((r) => element("option", r.title, { value: r.file })));
    const same = (before || "ledger_tokin_ja.toml").replace(/_(ja|en)\.toml$/, `_${lang}.toml`);
    if ([...select.options].some((o) => o.value === same)) select.value = same;
  }
}

function setLanguage(chosen) {
  lang = chosen;
  document.documentElement.lang = lang;
  localStorage.setItem("desk-lang", lang);
  document.title = w("desk.title");
  for (const node of document.querySelectorAll("[data-w]")) node.textContent = w(node.dataset.w);
  fillRules();
  drawSheets();
  if (lastRate) drawRates();
  status(window.deskLoadSeconds === undefined ? "desk.loading" : "desk.ready");
}

function openTab(name) {
  for (const tab of document.querySelectorAll("[role=tab]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
    $(tab.dataset.tab).hidden = tab.dataset.tab !== name;
  }
}

async function startPage() {
  manifest = await (await fetch("desk.json")).json();
  const asked = new URLSearchParams(location.search).get("lang");
  setLanguage(asked === "en" || asked === "ja" ? asked : localStorage.getItem("desk-lang") || "ja");
  openTab(location.hash.slice(1) || "import");
  $("lang").addEventListener("click", () => setLanguage(lang === "ja" ? "en" : "ja"));
  for (const tab of document.querySelectorAll("[role=tab]")) {
    tab.addEventListener("click", () => { openTab(tab.dataset.tab); history.replaceState(null, "", `#${tab.dataset.tab}`); });
  }
  $("import-file").addEventListener("change", async () => {
    imported.accepted.clear();
    imported.file = await picked($("import-file"), "import-error");
    previewImport();
  });
  $("import-rule").addEventListener("change", previewImport);
  $("import-make").addEventListener("click", makeLedger);
  $("check-file").addEventListener("change", checkWorkbook);
  $("check-grow").addEventListener("change", () => show("check-rows-label", $("check-grow").checked));
  $("check-repair").addEventListener("click", repairWorkbook);
  $("rate-file").addEventListener("change", rateLog);
  $("rate-rule").addEventListener("change", () => { if ($("rate-file").files[0]) rateLog(); });
  $("rate-table").addEventListener("click", sortBy);
  $("rate-table").addEventListener("keydown", (e) => { if (e.key === "Enter") sortBy(e); });
  $("publish-file").addEventListener("change", publishList);
  for (const id of ["publish-month", "publish-replay"]) {
    $(id).addEventListener("change", () => { if ($("publish-file").files[0]) publishList(); });
  }
  $("publish-page").addEventListener("click", () => download(
    `${published.stem}.html`, published.page, "text/html"));
  $("publish-print").addEventListener("click", printPage);
  $("publish-csv").addEventListener("click", () => download(
    `${published.stem}.csv`, "\ufeff" + published.csv, "text/csv"));
  $("rate-csv").addEventListener("click", () => download(
    w("desk.tab_rate") + ".csv", "\ufeff" + lastRate.answer.csv, "text/csv"));
}

startPage();
