// Recalculates a workbook given as JSON with HyperFormula (Excel-compatible options)
// and prints the value of every formula cell as JSON: the engine oracle's node half.
// Input (file named by argv[2]): {"sheets": [[title, [[row, col, content], ...]], ...],
// "names": [[name, "=expression"], ...]}, rows and columns 0-based, a formula a string
// starting with "=". Output: {"title": [[row, col, value], ...]}, an error as "#N/A" etc.
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

const input = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
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
const out = {};
for (const [title, cells] of input.sheets) {
  const id = hf.getSheetId(title);
  const values = [];
  for (const [row, col, content] of cells) {
    if (typeof content !== "string" || !content.startsWith("=")) continue;
    const value = hf.getCellValue({ sheet: id, row, col });
    values.push([row, col, value !== null && typeof value === "object" ? value.value : value]);
  }
  out[title] = values;
}
process.stdout.write(JSON.stringify(out));
