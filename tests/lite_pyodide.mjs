// Runs tests/lite_probe.py in real Pyodide under Node, as xlwings Lite runs main.py:
// micropip installs the xlwings wheel, main.py's text is loaded, every call goes through
// xlwings' custom-function code with its data handed over from JavaScript.
//
// Usage: node lite_pyodide.mjs PYODIDE_DIR MICROPIP_WHL XLWINGS_WHL MAIN_PY PROBE_PY
//        < cases.json > answer.json
// Nothing is fetched: micropip (npm's pyodide carries no packages) and xlwings come from
// local wheels. XLWINGS_* variables of this process are passed on to Python.
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, micropipWheel, xlwingsWheel, mainPy, probePy] = process.argv.slice(2);

async function main() {
  const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name.startsWith("XLWINGS_")));
  const py = await loadPyodide({ env: { HOME: "/home/pyodide", ...env } });
  py.unpackArchive(new Uint8Array(readFileSync(micropipWheel)), "wheel");
  py.FS.mkdirTree("/wheels");
  py.FS.mkdirTree("/lite");
  const wheel = `/wheels/${basename(xlwingsWheel)}`;
  py.FS.writeFile(wheel, readFileSync(xlwingsWheel));
  py.FS.writeFile("/lite/main.py", readFileSync(mainPy));
  py.FS.writeFile("/lite/lite_probe.py", readFileSync(probePy));
  py.globals.set("wheel", wheel);
  py.globals.set("cases_json", readFileSync(0, "utf8"));
  const out = await py.runPythonAsync(`
import json, sys
import micropip
await micropip.install("emfs:" + wheel, deps=False)
sys.path.insert(0, "/lite")
import lite_probe
json.dumps(await lite_probe.answer("/lite/main.py", json.loads(cases_json)),
           ensure_ascii=False)
`);
  process.stdout.write(out);
}

main().catch((error) => {
  // The message only: Node's own report of an uncaught error prints Pyodide's whole
  // minified source line.
  process.stderr.write(`${error.message ?? error}\n`);
  process.exit(1);
});
