"""Microsoft's Open XML SDK validator, run as ``python -m tests.ooxml_sdk WORK FILE…``.

The SDK is a .NET library; no .NET is installed here, but the pip wheel
``python-redlines-ooxmlpowertools`` carries a self-contained .NET 8 with
``DocumentFormat.OpenXml.dll`` (2.8.1). ``pythonnet``'s host can only start a .NET laid out
as an installed framework, so the wheel's files are linked into that layout under WORK.
It runs in a process of its own: a .NET runtime inside the test process would be forked
into the suite's worker processes. Prints one JSON object: file → its findings.
"""

from __future__ import annotations

import json
import os
import sys
import tarfile
from pathlib import Path

VERSION_FILE = "redlines.runtimeconfig.json"


def unpack(work: Path) -> Path:
    """The wheel's .NET unpacked into ``work/sdk``; the directory."""
    import python_redlines_ooxmlpowertools as wheel

    target = work / "sdk"
    if not (target / VERSION_FILE).exists():
        archive = Path(wheel.__file__).parent / "_binaries" / "linux-x64.tar.gz"
        with tarfile.open(archive) as tar:
            tar.extractall(target, filter="data")
    return target


def framework_root(sdk: Path, work: Path) -> tuple[Path, Path]:
    """A dotnet root in which ``sdk`` is the Microsoft.NETCore.App framework; the root and
    a runtime config that asks for it."""
    app = json.loads((sdk / VERSION_FILE).read_text())["runtimeOptions"]
    (included,) = app["includedFrameworks"]
    version = included["version"]
    root = work / "dotnet"
    fx = root / "shared" / "Microsoft.NETCore.App" / version
    fxr = root / "host" / "fxr" / version
    if not fx.exists():
        fx.mkdir(parents=True)
        fxr.mkdir(parents=True)
        for f in sdk.iterdir():
            os.symlink(f, fx / f.name)
        os.symlink(sdk / "libhostfxr.so", fxr / "libhostfxr.so")
        # The host only takes a framework directory with its deps file: the app's own,
        # cut down to the runtime pack it was published with.
        deps = json.loads((sdk / "redlines.deps.json").read_text())
        target = deps["runtimeTarget"]["name"]
        pack = next(k for k in deps["libraries"] if k.startswith("runtimepack."))
        (fx / "Microsoft.NETCore.App.deps.json").write_text(json.dumps({
            "runtimeTarget": deps["runtimeTarget"],
            "targets": {target: {pack: deps["targets"][target][pack]}},
            "libraries": {pack: deps["libraries"][pack]}}))
    config = work / "validator.runtimeconfig.json"
    config.write_text(json.dumps({"runtimeOptions": {
        "tfm": app["tfm"], "framework": {"name": included["name"], "version": version}}}))
    return root, config


def validate(files: list[str], work: Path) -> dict[str, list[dict[str, str]]]:
    """Each file's findings (id, part, path, description) by the SDK's validator."""
    from pythonnet import load

    sdk = unpack(work)
    root, config = framework_root(sdk, work)
    load("coreclr", runtime_config=str(config), dotnet_root=str(root))
    import clr  # type: ignore[import-not-found]

    clr.AddReference(str(sdk / "DocumentFormat.OpenXml.dll"))
    from DocumentFormat.OpenXml import FileFormatVersions  # type: ignore[import-not-found]
    from DocumentFormat.OpenXml.Packaging import (  # type: ignore[import-not-found]
        SpreadsheetDocument,
    )
    from DocumentFormat.OpenXml.Validation import (  # type: ignore[import-not-found]
        OpenXmlValidator,
    )

    # Office 2013 is the newest format this SDK version knows.
    validator = OpenXmlValidator(FileFormatVersions.Office2013)
    out: dict[str, list[dict[str, str]]] = {}
    for name in files:
        doc = SpreadsheetDocument.Open(name, False)
        try:
            out[name] = [{"id": str(e.Id), "part": str(e.Part.Uri) if e.Part else "",
                          "path": str(e.Path.XPath) if e.Path else "",
                          "description": str(e.Description)}
                         for e in validator.Validate(doc)]
        finally:
            doc.Dispose()
    return out


if __name__ == "__main__":
    print(json.dumps(validate(sys.argv[2:], Path(sys.argv[1]))))
