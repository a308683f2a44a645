"""Every platform's branch, run here with the platform mocked: build.spec, the build and zip tools, the data folder.

PyInstaller cannot cross-build, so CI builds on Windows, macOS and Linux
runners; these tests make sure each branch of the spec and the tools does
what the README says before such a runner ever sees it.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import pkgutil
import stat
import sys
import types
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLATFORMS = ["win32", "darwin", "linux"]


def _load_tool(name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(f"_tool_{name}", ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Recorder:
    """Stands in for one of PyInstaller's spec classes and keeps every call."""

    def __init__(self, calls: list, kind: str) -> None:
        self.calls, self.kind = calls, kind

    def __call__(self, *args, **kwargs):
        made = types.SimpleNamespace(kind=self.kind, args=args, kwargs=kwargs, scripts=[("main", "m.py", "PYSOURCE")],
                                     pure=["pure"], binaries=["bin"], datas=["data"])
        self.calls.append(made)
        return made


def run_spec(monkeypatch, tmp_path: Path, platform: str, onefile: bool) -> tuple[dict, list]:
    """Execute build.spec as PyInstaller would on ``platform``; returns its namespace and the calls it made."""
    calls: list = []
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [m.name for m in pkgutil.walk_packages(
        [str(ROOT / package)], prefix=f"{package}.")]
    hooks.copy_metadata = lambda dist: [(f"/site-packages/{dist}.dist-info", f"{dist}.dist-info")]
    for name, module in (("PyInstaller", types.ModuleType("PyInstaller")),
                         ("PyInstaller.utils", types.ModuleType("PyInstaller.utils")),
                         ("PyInstaller.utils.hooks", hooks)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("TALA_ONEFILE", "1" if onefile else "0")
    namespace = {"SPECPATH": str(ROOT), "workpath": str(tmp_path), "__file__": str(ROOT / "build.spec"),
                 **{kind: Recorder(calls, kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}}
    exec(compile((ROOT / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec"), namespace)
    return namespace, calls


def of_kind(calls: list, kind: str) -> list:
    return [c for c in calls if c.kind == kind]


@pytest.mark.parametrize("platform", PLATFORMS)
def test_the_one_folder_spec_makes_a_windowed_app_and_a_console_server(monkeypatch, tmp_path, platform):
    ns, calls = run_spec(monkeypatch, tmp_path, platform, onefile=False)
    app, server = of_kind(calls, "EXE")
    assert app.kwargs["name"] == "TaLa" and app.kwargs["console"] is False
    assert server.kwargs["name"] == "TaLa-server" and server.kwargs["console"] is True
    entry = server.args[1][-1]
    assert entry[0] == "tala_server" and entry[1] == str(tmp_path / "tala_server.py")
    source = (tmp_path / "tala_server.py").read_text()
    compile(source, "tala_server.py", "exec")
    assert "freeze_support()" in source and "from tala_desktop.net.cli import main" in source
    (collect,) = of_kind(calls, "COLLECT")
    assert collect.args[:2] == (app, server) and collect.kwargs["name"] == "TaLa"
    assert collect.kwargs["strip"] is app.kwargs["strip"] is (platform == "linux")
    icon = app.kwargs["icon"]
    assert icon == {"win32": str(ROOT / "assets" / "icon.ico"), "darwin": str(ROOT / "assets" / "icon.icns"),
                    "linux": None}[platform]
    assert icon is None or Path(icon).is_file()


def test_the_windows_spec_writes_a_version_resource_pyinstaller_can_read(monkeypatch, tmp_path):
    ns, calls = run_spec(monkeypatch, tmp_path, "win32", onefile=False)
    from tala_desktop import __version__

    path = Path(of_kind(calls, "EXE")[0].kwargs["version"])
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text, mode="eval")  # PyInstaller evaluates this file as one expression
    assert isinstance(tree.body, ast.Call) and tree.body.func.id == "VSVersionInfo"
    assert f"StringStruct('FileVersion', '{__version__}')" in text
    assert "StringStruct('OriginalFilename', 'TaLa.exe')" in text
    numbers = tuple(int(n) for n in __version__.split("."))
    assert f"filevers={(*numbers, 0, 0, 0, 0)[:4]}" in text


@pytest.mark.parametrize("platform", ["darwin", "linux"])
def test_only_windows_gets_a_version_resource(monkeypatch, tmp_path, platform):
    ns, calls = run_spec(monkeypatch, tmp_path, platform, onefile=False)
    assert all(exe.kwargs["version"] is None for exe in of_kind(calls, "EXE"))


@pytest.mark.parametrize("platform", PLATFORMS)
def test_only_macos_wraps_the_folder_in_an_app_bundle(monkeypatch, tmp_path, platform):
    ns, calls = run_spec(monkeypatch, tmp_path, platform, onefile=False)
    bundles = of_kind(calls, "BUNDLE")
    if platform != "darwin":
        assert bundles == []
        return
    (bundle,) = bundles
    from tala_desktop import __version__

    assert bundle.args == (of_kind(calls, "COLLECT")[0],)
    assert bundle.kwargs["name"] == "TaLa.app" and bundle.kwargs["icon"].endswith("icon.icns")
    assert bundle.kwargs["version"] == __version__
    assert bundle.kwargs["info_plist"]["CFBundleShortVersionString"] == __version__


@pytest.mark.parametrize("platform", PLATFORMS)
def test_the_one_file_spec_makes_one_windowed_executable(monkeypatch, tmp_path, platform):
    ns, calls = run_spec(monkeypatch, tmp_path, platform, onefile=True)
    (exe,) = of_kind(calls, "EXE")
    (analysis,) = of_kind(calls, "Analysis")
    assert exe.kwargs["name"] == "TaLa-onefile" and exe.kwargs["console"] is False
    assert analysis.binaries in exe.args and analysis.datas in exe.args  # everything inside the one file
    assert of_kind(calls, "COLLECT") == [] and of_kind(calls, "BUNDLE") == []


def test_the_spec_bundles_every_module_and_asset_and_no_hidden_file(monkeypatch, tmp_path):
    ns, calls = run_spec(monkeypatch, tmp_path, "linux", onefile=False)
    (analysis,) = of_kind(calls, "Analysis")
    hidden = set(analysis.kwargs["hiddenimports"])
    assert {"tala_desktop.bots.runner", "tala_desktop.net.cli", "tala_desktop.app", "multiprocessing.spawn"} <= hidden
    assert not any(m.startswith("tala_desktop.assets") for m in hidden)
    datas = analysis.kwargs["datas"]
    bundled = {Path(src).relative_to(ROOT).as_posix() for src, _ in datas if src.startswith(str(ROOT))}
    assert {"assets/fonts/DejaVuSans.ttf", "assets/icon.ico", "assets/icon.icns", "assets/icon.png"} <= bundled
    assert not any("/." in f or "__pycache__" in f for f in bundled)
    assert all(dest == Path(src).relative_to(ROOT).parent.as_posix() for src, dest in datas
               if src.startswith(str(ROOT)))
    assert {"pygame", "tqdm", "pytest"} & set(analysis.kwargs["excludes"]) == {"tqdm", "pytest"}


@pytest.mark.parametrize(("platform", "onefile", "exe"), [
    ("win32", False, "dist/TaLa/TaLa.exe"), ("win32", True, "dist/TaLa-onefile.exe"),
    ("darwin", False, "dist/TaLa/TaLa"), ("linux", False, "dist/TaLa/TaLa"), ("linux", True, "dist/TaLa-onefile"),
])
def test_build_app_finds_each_platforms_executable(platform, onefile, exe):
    build_app = _load_tool("build_app")
    bundle, found = build_app.bundle_paths(onefile, platform)
    assert found == ROOT / exe
    assert bundle == (found if onefile else ROOT / "dist" / "TaLa")
    mac = build_app.app_bundle_paths(onefile, platform)
    if platform == "darwin" and not onefile:
        assert mac == (ROOT / "dist" / "TaLa.app", ROOT / "dist" / "TaLa.app" / "Contents" / "MacOS" / "TaLa")
    else:
        assert mac is None


@pytest.mark.parametrize(("platform", "onefile", "shipped", "zipped"), [
    ("win32", False, "TaLa", "windows-x86_64.zip"), ("win32", True, "TaLa-onefile.exe", "windows-x86_64-onefile.zip"),
    ("darwin", False, "TaLa.app", "macos-arm64.zip"), ("linux", False, "TaLa", "linux-x86_64.zip"),
    ("linux", True, "TaLa-onefile", "linux-x86_64-onefile.zip"),
])
def test_zip_app_ships_what_the_readme_says(platform, onefile, shipped, zipped):
    zip_app = _load_tool("zip_app")
    from tala_desktop import __version__

    assert zip_app.shipped(Path("dist"), onefile, platform) == Path("dist") / shipped
    machine = {"win32": "AMD64", "darwin": "arm64", "linux": "x86_64"}[platform]
    assert zip_app.archive_name(onefile, platform, machine) == f"TaLa-{__version__}-{zipped}"


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no executable bits, and links need privileges")
def test_zip_app_keeps_executable_bits_and_symbolic_links(tmp_path):
    zip_app = _load_tool("zip_app")
    app = tmp_path / "dist" / "TaLa"
    (app / "_internal" / "assets").mkdir(parents=True)
    (app / "TaLa").write_bytes(b"\x7fELF executable")
    (app / "TaLa").chmod(0o755)
    (app / "_internal" / "assets" / "font.ttf").write_bytes(b"font")
    (app / "_internal" / "assets" / "font.ttf").chmod(0o644)
    (app / "_internal" / "libpython.so").symlink_to("libpython.so.1.0")
    target = tmp_path / "app.zip"
    assert zip_app.zip_tree(app, target) == 6
    with zipfile.ZipFile(target) as zf:
        modes = {info.filename: info.external_attr >> 16 for info in zf.infolist()}
        assert zf.read("TaLa/TaLa") == b"\x7fELF executable"
        assert zf.read("TaLa/_internal/libpython.so") == b"libpython.so.1.0"
    assert stat.S_IMODE(modes["TaLa/TaLa"]) == 0o755 and stat.S_ISREG(modes["TaLa/TaLa"])
    assert stat.S_IMODE(modes["TaLa/_internal/assets/font.ttf"]) == 0o644
    assert stat.S_ISLNK(modes["TaLa/_internal/libpython.so"])
    assert stat.S_ISDIR(modes["TaLa/_internal/"])
    assert zip_app.main(["--dist", str(tmp_path / "nothing"), "--out", str(tmp_path)]) == 1


@pytest.mark.parametrize(("platform", "env", "expected"), [
    ("win32", {"LOCALAPPDATA": "C:/Users/An/AppData/Local"}, "C:/Users/An/AppData/Local/TaLaDesktop"),
    ("darwin", {"HOME": "/Users/an"}, "/Users/an/Library/Application Support/TaLaDesktop"),
    ("linux", {"HOME": "/home/an", "XDG_DATA_HOME": ""}, "/home/an/.local/share/TaLaDesktop"),
    ("linux", {"HOME": "/home/an", "XDG_DATA_HOME": "/data/an"}, "/data/an/TaLaDesktop"),
])
def test_the_per_user_data_folder_is_the_one_the_readme_names(monkeypatch, platform, env, expected):
    import platformdirs
    import platformdirs.macos
    import platformdirs.unix
    import platformdirs.windows

    from tala_desktop.store import paths

    cls = {"win32": platformdirs.windows.Windows, "darwin": platformdirs.macos.MacOS,
           "linux": platformdirs.unix.Unix}[platform]
    monkeypatch.setattr(platformdirs, "PlatformDirs", cls)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    if platform == "win32":  # the registry and the shell API are not here: platformdirs reads the variable
        monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda csidl: env["LOCALAPPDATA"])
    assert paths.default_data_dir().as_posix() == expected
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = {"win32": r"%LOCALAPPDATA%\TaLaDesktop", "darwin": "~/Library/Application Support/TaLaDesktop",
             "linux": "~/.local/share/TaLaDesktop"}[platform]
    assert f"`{shown}`" in readme


def test_the_fonts_are_found_in_a_frozen_bundle_on_every_platform(monkeypatch, tmp_path):
    """PyInstaller puts assets/ under sys._MEIPASS (the .app's Frameworks on macOS, _internal elsewhere)."""
    from tala_desktop.ui.core import assets

    bundle = tmp_path / "_internal"
    (bundle / "assets" / "fonts").mkdir(parents=True)
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        (bundle / "assets" / "fonts" / name).write_bytes((ROOT / "assets" / "fonts" / name).read_bytes())
    monkeypatch.setattr(assets, "_package_dir", lambda: None)   # no installed tala_desktop.assets in a bundle
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert assets.asset_root() == bundle / "assets"
    assert assets.asset_path(assets.FONT_BOLD).is_file()
    monkeypatch.delattr(sys, "_MEIPASS")                        # from source: the repository's assets/
    assert assets.asset_root() == ROOT / "assets"


# -- every test that needs one platform's module or call says so --------------------------------------------------

# Modules and calls that exist on some platforms only: a test that touches one must be skipped where it is missing
# (a `skipif` on the test or the module, a platform `if` around the use, or a platform check before a `pytest.skip`).
PLATFORM_ONLY_MODULES = {"fcntl", "msvcrt", "winreg", "winsound", "_winapi", "resource", "termios", "pwd", "grp"}
PLATFORM_ONLY_CALLS = {("os", "nice"), ("os", "fork"), ("os", "sysconf"), ("os", "getuid"), ("os", "killpg"),
                       ("os", "setsid"), ("signal", "SIGKILL"), ("signal", "SIGHUP"), ("signal", "SIGUSR1"),
                       ("signal", "SIGALRM"), ("signal", "alarm")}


def _is_platform_check(node: ast.expr) -> bool:
    """A condition that asks which platform this is: ``sys.platform``, ``os.name``, ``hasattr(os, ...)``..."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and (sub.attr == "platform" or (sub.attr == "name" and
                                                                          isinstance(sub.value, ast.Name) and
                                                                          sub.value.id == "os")):
            return True
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "hasattr":
            return True
    return False


def _platform_skip_marks(decorators: list[ast.expr]) -> bool:
    """True if one of the decorators (or a module's ``pytestmark``) is a ``skipif`` on the platform."""
    for deco in decorators:
        for sub in ast.walk(deco):
            if (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr == "skipif"
                    and sub.args and _is_platform_check(sub.args[0])):
                return True
    return False


def _skips_first(body: list[ast.stmt]) -> bool:
    """The function starts (before any other statement but its docstring) with ``if <platform>: pytest.skip(...)``."""
    for stmt in body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue
        return isinstance(stmt, ast.If) and _is_platform_check(stmt.test) and any(
            isinstance(s, ast.Call) and isinstance(s.func, ast.Attribute) and s.func.attr == "skip"
            for s in ast.walk(stmt))
    return False


def unguarded_platform_uses(source: str) -> list[str]:
    """``line: name`` of every use of a platform-only module or call that nothing skips where it is missing."""
    tree = ast.parse(source)
    found: list[str] = []
    module_guarded = any(
        isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets)
        and _platform_skip_marks([stmt.value]) for stmt in tree.body)

    def use_of(node: ast.AST) -> str | None:
        if isinstance(node, ast.Import):
            return next((a.name for a in node.names if a.name.split(".")[0] in PLATFORM_ONLY_MODULES), None)
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            return node.module if node.module.split(".")[0] in PLATFORM_ONLY_MODULES else None
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and (node.value.id, node.attr) in PLATFORM_ONLY_CALLS):
            return f"{node.value.id}.{node.attr}"
        return None

    def visit(node: ast.AST, guarded: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            guarded = guarded or _platform_skip_marks(node.decorator_list) or (
                not isinstance(node, ast.ClassDef) and _skips_first(node.body))
        if isinstance(node, (ast.If, ast.IfExp)) and _is_platform_check(node.test):
            for child in (*_as_list(node.body), *_as_list(node.orelse)):
                visit(child, True)
            visit(node.test, guarded)
            return
        if not guarded and (name := use_of(node)) is not None:
            found.append(f"{node.lineno}: {name}")
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    for stmt in tree.body:  # a module-level import runs at collection, before any mark can skip the module
        visit(stmt, module_guarded and isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
    return found


def _as_list(part: ast.AST | list[ast.stmt]) -> list[ast.AST]:
    return list(part) if isinstance(part, list) else [part]


def test_every_test_that_needs_one_platform_is_skipped_on_the_others():
    offenders = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        uses = unguarded_platform_uses(path.read_text(encoding="utf-8"))
        if uses:
            offenders[str(path.relative_to(ROOT))] = uses
    assert not offenders, f"platform-only modules or calls without a platform skip: {offenders}"


def test_the_platform_scan_sees_an_unguarded_use_and_every_kind_of_guard():
    source = '''
import os, signal, sys
import pytest

def test_bare():
    import fcntl
    os.nice(0)

@pytest.mark.skipif(sys.platform == "win32", reason="POSIX")
def test_marked():
    import fcntl
    signal.SIGKILL

def test_branch():
    if sys.platform != "win32":
        import fcntl
    x = signal.SIGKILL if hasattr(signal, "SIGKILL") else None

def test_skips_first():
    """Doc."""
    if not hasattr(os, "nice"):
        pytest.skip("no nice")
    os.nice(0)

def test_other_skip():
    if os.environ.get("X"):
        pytest.skip("not a platform")
    from msvcrt import locking
'''
    assert unguarded_platform_uses(source) == ["6: fcntl", "7: os.nice", "28: msvcrt"]
    marked = ('import pytest, signal, sys\npytestmark = pytest.mark.skipif(sys.platform == "win32", reason="")\n'
              'import fcntl\ndef test_kill():\n    signal.SIGKILL\n')
    assert unguarded_platform_uses(marked) == ["3: fcntl"]   # the mark skips the tests, not the module's import


@pytest.mark.parametrize("platform", PLATFORMS)
def test_the_frame_bench_clock_reads_the_process_age_on_every_platform(monkeypatch, platform):
    """``/proc`` and ``os.sysconf`` are Linux's: elsewhere the age counts from the first call."""
    from tala_desktop.ui import scene_bench

    monkeypatch.setattr(sys, "platform", platform)
    if platform == "win32":
        monkeypatch.delattr(os, "sysconf", raising=False)
    age = scene_bench.process_age()
    assert 0 <= age < 24 * 3600
    assert scene_bench.process_age() >= age
