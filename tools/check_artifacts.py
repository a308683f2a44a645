"""Check artifacts: each zipped app (or its unpacked copy) is the app the README promises, read from its files.

    python tools/check_artifacts.py dist/TaLa-0.1.0-windows-x86_64.zip [more zips or unpacked folders]
    python tools/check_artifacts.py unzipped/TaLa.app --platform macos --arch arm64

This reads the binaries' headers (tools/app_binaries.py) and runs nothing, so
it checks any platform's app on any machine: the release job runs it on every
zip before attaching them, each build runs it on its zip unpacked the way a
player unpacks it, and the tests run it on real Windows and macOS binaries.
- Windows: ``TaLa.exe`` (and ``TaLa-onefile.exe``) a GUI-subsystem executable,
  no console window, ``TaLa-server.exe`` a console one; each with a version
  resource of this version and a manifest with per-monitor-v2 DPI awareness;
  every executable and library of the promised architecture.
- macOS: ``TaLa.app`` and never the one-file variant; ``Info.plist`` with the
  bundle keys, ``NSHighResolutionCapable``, ``NSLocalNetworkUsageDescription``
  and an ``LSMinimumSystemVersion`` that is exactly the newest minimum among
  its binaries; every Mach-O file holding the promised architecture, signed
  (at least ad hoc) on Apple silicon; the executables' build UUIDs their own
  (macOS 15 keeps the local-network permission per UUID; PyInstaller before
  6.13 gave every app its bootloader's).
- Linux: ELF executables and libraries of the promised architecture, the
  executables with their executable bits.
Every one-folder app holds the licence texts of assets/. The promised
platform and architecture come from the zip's name
(``TaLa-VERSION-PLATFORM-ARCH[-onefile].zip``) or from --platform and --arch.
Prints one line per check; exits 1 if any fails.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import stat
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ itself, also when loaded by path

import app_binaries as bins  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ZIP_NAME = re.compile(r"^TaLa-(?P<version>[^-]+)-(?P<platform>windows|macos|linux)-(?P<arch>[A-Za-z0-9_]+)"
                      r"(?P<onefile>-onefile)?\.zip$")
PLATFORMS = ("windows", "macos", "linux")


def project_version() -> str:
    found = re.search(r'__version__ = "([^"]+)"', (ROOT / "tala_desktop" / "__init__.py").read_text(encoding="utf-8"))
    if found is None:
        raise SystemExit("check_artifacts: no __version__ in tala_desktop/__init__.py")
    return found.group(1)


@dataclass
class Report:
    """The lines of one artifact's checks; ``failed`` counts the failures."""

    name: str
    lines: list[str] = field(default_factory=list)
    failed: int = 0

    def ok(self, text: str) -> None:
        self.lines.append(f"  ok    {text}")

    def fail(self, text: str) -> None:
        self.failed += 1
        self.lines.append(f"  FAIL  {text}")

    def note(self, text: str) -> None:
        self.lines.append(f"  note  {text}")

    def check(self, good: bool, ok_text: str, fail_text: str) -> bool:
        (self.ok if good else self.fail)(ok_text if good else fail_text)
        return good


@dataclass
class Promise:
    """What an artifact is said to be: its platform, architecture, variant and version."""

    platform: str
    arch: str
    onefile: bool
    version: str


def extract(archive: Path, dest: Path) -> None:
    """Unpack a zip as ``unzip`` does: Unix modes kept, symbolic links made links, no entry outside ``dest``."""
    root = dest.resolve()
    with zipfile.ZipFile(archive) as zf:
        for info in zf.infolist():
            target = (dest / info.filename).resolve()
            if root != target and root not in target.parents:
                raise ValueError(f"{archive.name}: entry {info.filename!r} points outside the folder")
            mode = info.external_attr >> 16 if info.create_system == 3 else 0
            if stat.S_ISLNK(mode):
                target.parent.mkdir(parents=True, exist_ok=True)
                os.symlink(zf.read(info).decode("utf-8"), target)
                continue
            if info.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            with zf.open(info) as src, open(target, "wb") as out:
                shutil.copyfileobj(src, out)
            if stat.S_IMODE(mode):
                os.chmod(target, stat.S_IMODE(mode))


def find_app(folder: Path) -> Path:
    """The app inside an unpacked folder: ``TaLa.app``, ``TaLa/``, ``TaLa-onefile[.exe]``, or the folder itself."""
    if folder.is_file() or folder.suffix == ".app" or (folder / "_internal").is_dir():
        return folder
    children = [p for p in folder.iterdir() if p.name in ("TaLa.app", "TaLa", "TaLa-onefile", "TaLa-onefile.exe")]
    if len(children) == 1:
        return children[0]
    raise ValueError(f"{folder}: no TaLa app inside (found {sorted(p.name for p in folder.iterdir())[:6]})")


def binaries_in(tree: Path) -> list[tuple[Path, bins.PeInfo | bins.MachOInfo | bins.ElfInfo]]:
    """Every PE, Mach-O or ELF file under ``tree`` (symbolic links not followed)."""
    files = [tree] if tree.is_file() else sorted(p for p in tree.rglob("*") if p.is_file() and not p.is_symlink())
    found = []
    for path in files:
        info = bins.read_binary(path)
        if info is not None:
            found.append((path, info))
    return found


def check_architectures(report: Report, tree: Path, found: list, arch: str) -> None:
    wrong = [f"{p.relative_to(tree.parent).as_posix()} ({'+'.join(sorted(i.archs))})" for p, i in found
             if arch not in i.archs]
    report.check(not wrong, f"{len(found)} binaries, every one holds {arch}",
                 f"{len(wrong)} of {len(found)} binaries lack {arch}: {', '.join(wrong[:6])}")


def check_licences(report: Report, app: Path) -> None:
    wanted = sorted(p.name for p in (ROOT / "assets" / "licenses").glob("*.txt"))
    shipped = {p.name for p in app.rglob("*.txt") if p.parent.name == "licenses"}
    missing = [name for name in wanted if name not in shipped]
    report.check(not missing, f"{len(wanted)} licence texts inside", f"licence texts missing: {missing[:6]}")


# -- Windows -------------------------------------------------------------------------------------------------------

def check_windows_exe(report: Report, exe: Path, subsystem: str, promise: Promise) -> None:
    if not exe.is_file():
        report.fail(f"{exe.name}: missing")
        return
    info = bins.read_binary(exe)
    if not isinstance(info, bins.PeInfo) or info.is_dll:
        report.fail(f"{exe.name}: not a Windows executable")
        return
    report.check(info.subsystem == subsystem, f"{exe.name}: {subsystem} subsystem",
                 f"{exe.name}: {info.subsystem} subsystem, not {subsystem}"
                 + (" (a console window would open beside the game)" if subsystem == "gui" else ""))
    wanted = (*(int(n) for n in re.findall(r"\d+", promise.version)), 0, 0, 0, 0)[:4]
    strings = info.version_strings
    if not strings and info.fixed_version is None:
        report.fail(f"{exe.name}: no version resource (Explorer's Properties > Details would be empty)")
    else:
        good = (info.fixed_version == wanted and strings.get("FileVersion") == promise.version
                and strings.get("ProductVersion") == promise.version and bool(strings.get("ProductName")))
        report.check(good, f"{exe.name}: version resource {promise.version} ({strings.get('ProductName')})",
                     f"{exe.name}: version resource says {strings.get('FileVersion')!r} {info.fixed_version}, "
                     f"product {strings.get('ProductName')!r}, not {promise.version}")
    if info.manifest is None:
        report.fail(f"{exe.name}: no manifest (no DPI awareness: Windows stretches the window at 125-200 % scaling)")
    else:
        problems = bins.windows_manifest_problems(info.manifest)
        report.check(not problems, f"{exe.name}: manifest with per-monitor-v2 DPI awareness, run as the user",
                     f"{exe.name}: manifest: {'; '.join(problems)}")
    report.note(f"{exe.name}: Authenticode signature {'attached' if info.signed else 'none (SmartScreen warns)'}")


def check_windows(report: Report, app: Path, promise: Promise) -> None:
    if promise.onefile:
        check_windows_exe(report, app, "gui", promise)
    else:
        check_windows_exe(report, app / "TaLa.exe", "gui", promise)
        check_windows_exe(report, app / "TaLa-server.exe", "console", promise)
        check_licences(report, app)
    found = [(p, i) for p, i in binaries_in(app) if isinstance(i, bins.PeInfo)]
    others = [p for p, i in binaries_in(app) if not isinstance(i, bins.PeInfo)]
    report.check(not others, "no other platform's binaries", f"other platforms' binaries: {others[:4]}")
    check_architectures(report, app, found, promise.arch)


# -- macOS ---------------------------------------------------------------------------------------------------------

def check_macos(report: Report, app: Path, promise: Promise, bootloaders: list[Path]) -> None:
    if promise.onefile or app.suffix != ".app":
        report.fail(f"{app.name}: macOS ships TaLa.app only (a bare executable opens a Terminal window)")
        return
    plist = bins.read_plist(app / "Contents" / "Info.plist")
    if plist is None:
        report.fail("Contents/Info.plist: missing or unreadable")
        return
    for problem in bins.info_plist_problems(plist, promise.version):
        report.fail(f"Info.plist: {problem}")
    executable = app / "Contents" / "MacOS" / str(plist.get("CFBundleExecutable", ""))
    report.check(executable.is_file(), f"Info.plist: CFBundleExecutable {executable.name} is there",
                 f"Info.plist: CFBundleExecutable {executable.name!r} is not in Contents/MacOS")
    found = [(p, i) for p, i in binaries_in(app) if isinstance(i, bins.MachOInfo)]
    check_architectures(report, app, found, promise.arch)
    slices = [(p, i.slice(promise.arch)) for p, i in found if i.slice(promise.arch) is not None]
    if promise.arch.startswith("arm64"):
        unsigned = [p.name for p, s in slices if s is not None and not s.signed]
        report.check(not unsigned, f"every {promise.arch} binary signed (Apple silicon runs nothing unsigned)",
                     f"unsigned {promise.arch} binaries (Apple silicon kills them): {unsigned[:6]}")
    minimums = [(s.minos, p) for p, s in slices if s is not None and s.minos is not None]
    claimed_text = str(plist.get("LSMinimumSystemVersion", ""))
    if minimums and claimed_text:
        need = max(m for m, _ in minimums)
        needers = sorted(p.name for m, p in minimums if m == need)
        needer = ", ".join(needers[:3]) + (f" and {len(needers) - 3} more" if len(needers) > 3 else "")
        try:
            claimed = bins.parse_version(claimed_text)
        except ValueError:
            report.fail(f"Info.plist: LSMinimumSystemVersion {claimed_text!r} is not a version")
        else:
            text = bins.version_text(need)
            if claimed < need:
                report.fail(f"Info.plist: LSMinimumSystemVersion {claimed_text}, but {needer} need macOS {text}")
            elif claimed > need:
                report.fail(f"Info.plist: LSMinimumSystemVersion {claimed_text}, but every binary runs on macOS "
                            f"{text}: players on {text} up to {claimed_text} would be turned away")
            else:
                report.ok(f"Info.plist: LSMinimumSystemVersion {claimed_text}, the newest minimum of its binaries "
                          f"({needer})")
    check_uuids(report, app, promise.arch, bootloaders)
    check_licences(report, app)


def check_uuids(report: Report, app: Path, arch: str, bootloaders: list[Path]) -> None:
    executables = [(p, i.slice(arch)) for p, i in binaries_in(app / "Contents" / "MacOS")
                   if isinstance(i, bins.MachOInfo) and i.slice(arch) is not None]
    uuids = {p.name: s.uuid for p, s in executables if s is not None and s.uuid}
    report.check(len(set(uuids.values())) == len(uuids) == len(executables),
                 f"the executables' build UUIDs differ: {', '.join(sorted(uuids))}",
                 f"the executables' build UUIDs are missing or shared: {uuids}")
    known = {}
    for loader in bootloaders:
        info = bins.read_binary(loader)
        if isinstance(info, bins.MachOInfo):
            known.update({s.uuid: loader.name for s in info.slices if s.uuid})
    if not known:
        report.note("PyInstaller's macOS bootloaders are not here (--bootloaders): UUIDs compared among the app only")
        return
    same = [f"{name} = bootloader {known[u]}" for name, u in uuids.items() if u in known]
    report.check(not same, "no executable keeps its bootloader's build UUID (PyInstaller 6.13 or later)",
                 f"build UUIDs of PyInstaller's bootloader, shared with every app built from it: {same}")


# -- Linux ---------------------------------------------------------------------------------------------------------

def check_linux(report: Report, app: Path, promise: Promise) -> None:
    names = ["TaLa-onefile"] if promise.onefile else ["TaLa", "TaLa-server"]
    base = app.parent if promise.onefile else app
    for name in names:
        exe = base / name
        info = bins.read_binary(exe) if exe.is_file() else None
        if not isinstance(info, bins.ElfInfo):
            report.fail(f"{name}: missing or not an ELF executable")
            continue
        runnable = bool(exe.stat().st_mode & stat.S_IXUSR)
        report.check(runnable and info.bits == 64, f"{name}: 64-bit ELF, executable bit set",
                     f"{name}: {info.bits}-bit ELF, executable bit {'set' if runnable else 'missing'}")
    if not promise.onefile:
        check_licences(report, app)
    found = [(p, i) for p, i in binaries_in(app) if isinstance(i, bins.ElfInfo)]
    check_architectures(report, app, found, promise.arch)


# -- one artifact --------------------------------------------------------------------------------------------------

def detect_platform(app: Path) -> str:
    if app.suffix == ".app":
        return "macos"
    if app.name.endswith(".exe") or (app / "TaLa.exe").is_file():
        return "windows"
    return "linux"


def check_artifact(path: Path, platform: str | None = None, arch: str | None = None, version: str | None = None,
                   bootloaders: list[Path] | None = None, unpacked_from: str | None = None) -> Report:
    """Check one zip, unpacked folder or app; the promise comes from the zip's name (``unpacked_from``, for a folder
    unpacked from that zip), else the arguments."""
    report = Report(str(path))
    version = version or project_version()
    zip_name = unpacked_from or (path.name if path.suffix == ".zip" else None)
    named = ZIP_NAME.match(zip_name) if zip_name else None
    if zip_name and named is None:
        report.fail(f"{zip_name}: not named TaLa-VERSION-PLATFORM-ARCH[-onefile].zip")
        return report
    with tempfile.TemporaryDirectory() as scratch:
        try:
            if named is not None:
                report.check(named["version"] == version, f"version {version} in the name",
                             f"the name says version {named['version']}, the project {version}")
            if path.suffix == ".zip":
                extract(path, Path(scratch))
                app = find_app(Path(scratch))
            else:
                app = find_app(path)
        except (OSError, ValueError, zipfile.BadZipFile) as exc:
            report.fail(f"cannot unpack or find the app: {exc}")
            return report
        platform = named["platform"] if named else (platform or detect_platform(app))
        onefile = bool(named["onefile"]) if named else app.is_file()
        found_arch = named["arch"] if named else arch
        if found_arch is None:
            main = app if app.is_file() else next((p for p, _ in binaries_in(app) if p.stem == "TaLa"), None)
            info = bins.read_binary(main) if main is not None else None
            found_arch = sorted(info.archs)[0] if info is not None else "unknown"
            report.note(f"no architecture promised: {found_arch}, from {main.name if main else 'nothing'}")
        promise = Promise(platform, found_arch, onefile, version)
        report.note(f"{platform} {found_arch} {'one-file' if onefile else 'one-folder'} app: {app.name}")
        if platform == "windows":
            check_windows(report, app, promise)
        elif platform == "macos":
            check_macos(report, app, promise, bootloaders if bootloaders is not None else default_bootloaders())
        else:
            check_linux(report, app, promise)
    return report


def default_bootloaders() -> list[Path]:
    """The installed PyInstaller's macOS bootloaders (there on a Mac), to compare build UUIDs with."""
    try:
        import PyInstaller
    except ImportError:
        return []
    return sorted((Path(PyInstaller.__file__).parent / "bootloader" / "Darwin-64bit").glob("run*"))


def missing_kinds(paths: list[Path], expected: list[str]) -> list[str]:
    """The expected ``PLATFORM-ARCH[-onefile]`` kinds no zip of ``paths`` is named for."""
    have = set()
    for path in paths:
        m = ZIP_NAME.match(path.name)
        if m:
            have.add(f"{m['platform']}-{m['arch']}{m['onefile'] or ''}")
    return [kind for kind in expected if kind not in have]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                    help="zips named TaLa-VERSION-PLATFORM-ARCH[-onefile].zip, or unpacked folders or apps")
    ap.add_argument("--platform", choices=PLATFORMS,
                    help="the platform of an unpacked folder (read from a zip's name; guessed from the files)")
    ap.add_argument("--arch", help="the architecture an unpacked folder promises, like x86_64 or arm64 "
                                   "(read from a zip's name; else the main executable's)")
    ap.add_argument("--version", help="the version the app must carry (default: the project's "
                                      "tala_desktop.__version__)")
    ap.add_argument("--bootloaders", type=Path, metavar="DIR",
                    help="PyInstaller's macOS bootloaders (bootloader/Darwin-64bit) to compare build UUIDs with "
                         "(the installed PyInstaller's, on a Mac)")
    ap.add_argument("--unpacked-from", metavar="ZIP",
                    help="the zip an unpacked folder came from: its name gives the platform and architecture")
    ap.add_argument("--expect", metavar="KINDS",
                    help="comma-separated PLATFORM-ARCH[-onefile] kinds that must each have a zip among PATH "
                         "(default: none required)")
    args = ap.parse_args(argv)
    loaders = sorted(args.bootloaders.glob("run*")) if args.bootloaders else None
    failed = 0
    for path in args.paths:
        origin = Path(args.unpacked_from).name if args.unpacked_from else None
        report = check_artifact(path, args.platform, args.arch, args.version, loaders, origin)
        print(f"{report.name}:", *report.lines, sep="\n", flush=True)
        failed += report.failed
    missing = missing_kinds(args.paths, [k for k in (args.expect or "").split(",") if k])
    if missing:
        print(f"check_artifacts: no zip for {', '.join(missing)}", file=sys.stderr)
        failed += len(missing)
    print(f"check_artifacts: {len(args.paths)} artifact(s), {failed} failure(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
