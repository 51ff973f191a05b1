// Recalculates workbooks given as JSON with HyperFormula (Excel-compatible options): the
// engine oracle's node half, one process for every workbook of a test session. Reads one
// input file name a line from stdin, as they are written; for each writes the value of
// every formula cell to "<input>.out" and then prints the input's name.
// Input: {"sheets": [[title, [[row, col, content], ...]], ...], "names": [[name,
// "=expression"], ...]}, rows and columns 0-based, a formula a string starting with "=".
// Output: {"ms": time taken, "cpuMs": processor time, "values": {"title": [[row, col,
// value], ...]}}, an error as "#N/A" etc.
"use strict";
const fs = require("fs");
const path = require("path");
const { HyperFormula } = require(path.join(process.env.HYPERFORMULA_DIR, "hyperformula"));

const OPTIONS = { // HyperFormula's guide for Microsoft Excel, but for two gaps
  licenseKey: "gpl-v3",
  dateFormats: ["MM/DD/YYYY", "MM/DD/YY", "YYYY/MM/DD"],
  accentSensitive: true,
  localeLang: "en-US",
  useArrayArithmetic: true,
  ignoreWhiteSpace: "any",
  evaluateNullToZero: false, // gap "a defined name is a formula" (tests/engines/gaps.py)
  smartRounding: false, // gap "numbers rounded to 10 digits"
  leapYear1900: true,
  nullDate: { year: 1899, month: 12, day: 31 },
  maxRows: 1048576,
};

function recalculate(file) {
  const start = Date.now();
  const cpu = process.cpuUsage();
  const input = JSON.parse(fs.readFileSync(file, "utf8"));
  const sheets = {};
  for (const [title, cells] of input.sheets) {
    const grid = [];
    for (const [row, col, content] of cells) {
      while (grid.length <= row) grid.push([]);
      grid[row][col] = content;
    }
    sheets[title] = grid;
  }
  const names = [["TRUE", "=TRUE()"], ["FALSE", "=FALSE()"], ...input.names];
  const hf = HyperFormula.buildFromSheets(sheets, OPTIONS,
    names.map(([name, expression]) => ({ name, expression })));
  const values = {};
  for (const [title, cells] of input.sheets) {
    const id = hf.getSheetId(title);
    const shown = [];
    for (const [row, col, content] of cells) {
      if (typeof content !== "string" || !content.startsWith("=")) continue;
      const value = hf.getCellValue({ sheet: id, row, col });
      shown.push([row, col, value !== null && typeof value === "object" ? value.value : value]);
    }
    values[title] = shown;
  }
  hf.destroy();
  const used = process.cpuUsage(cpu);
  fs.writeFileSync(file + ".out", JSON.stringify({
    ms: Date.now() - start, cpuMs: (used.user + used.system) / 1000, values }));
}

const lines = require("readline").createInterface({ input: process.stdin });
lines.on("line", (file) => {
  if (!file) return;
  recalculate(file);
  process.stdout.write(file + "\n");
});
