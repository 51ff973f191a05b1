// The desk's Python: Pyodide in a Web Worker, so the page stays responsive while it works.
// Everything loads from this site (desk.json lists the wheels and templates); nothing is
// fetched from anywhere else. Each job gets a folder of its own in Pyodide's file system;
// the files the page hands over are written there under the names the person gave them,
// workbook_builder.desk answers as JSON, and a file it wrote comes back as bytes.
/* global loadPyodide, importScripts */
importScripts("pyodide/pyodide.js");

const here = (path) => new URL(path, self.location.href).href;
const report = (key, count) => self.postMessage({ type: "progress", key, count });

async function start() {
  report("desk.loading", 0);
  const started = performance.now();
  const manifest = await (await fetch(here("desk.json"))).json();
  const py = await loadPyodide({ indexURL: here("pyodide/") });
  await py.loadPackage(manifest.wheels.map((wheel) => here(`wheels/${wheel}`)),
                       { messageCallback: () => {}, errorCallback: (e) => console.error(e) });
  py.FS.mkdirTree("/desk/templates");
  await Promise.all(manifest.rules.map(async (rule) => {
    const text = new Uint8Array(await (await fetch(here(`templates/${rule.file}`))).arrayBuffer());
    py.FS.writeFile(`/desk/templates/${rule.file}`, text);
  }));
  py.runPython("from workbook_builder.desk import run as desk_run");
  self.postMessage({ type: "ready", seconds: (performance.now() - started) / 1000 });
  return py;
}

const ready = start();
ready.catch((error) => {
  console.error(error);
  self.postMessage({ type: "failed" });
});
let jobs = 0;

self.onmessage = async (event) => {
  const { id, task, args, files } = event.data;
  const py = await ready;
  const folder = `/desk/job${++jobs}`;
  py.FS.mkdirTree(folder);
  for (const [name, bytes] of Object.entries(files || {})) {
    py.FS.writeFile(`${folder}/${name}`, new Uint8Array(bytes));
  }
  const started = performance.now();
  let answer;
  try {
    const run = py.globals.get("desk_run");
    const text = run(task, JSON.stringify({ ...args, folder }), report);
    run.destroy();
    answer = JSON.parse(text);
  } catch (error) {
    console.error(error);  // a report for the console, never the page
    answer = { error: null };
  }
  answer.seconds = (performance.now() - started) / 1000;
  const transfer = [];
  if (answer.out && !answer.error) {
    const bytes = py.FS.readFile(`${folder}/${answer.out}`);
    answer.bytes = bytes.buffer;
    transfer.push(bytes.buffer);
  }
  self.postMessage({ type: "answer", id, answer }, transfer);
};
