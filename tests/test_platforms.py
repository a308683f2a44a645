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
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLATFORMS = ["win32", "darwin", "linux"]


def _load_tool(name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(f"_tool_{name}", ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module      # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


class Recorder:
    """Stands in for one of PyInstaller's spec classes and keeps every call."""

    def __init__(self, calls: list, kind: str, binaries: list) -> None:
        self.calls, self.kind, self.binaries = calls, kind, binaries

    def __call__(self, *args, **kwargs):
        made = types.SimpleNamespace(kind=self.kind, args=args, kwargs=kwargs, scripts=[("main", "m.py", "PYSOURCE")],
                                     pure=["pure"], binaries=self.binaries, datas=["data"])
        self.calls.append(made)
        return made


def tiny_macho(path: Path, arch: str = "arm64", minos: tuple[int, int] = (11, 0)) -> Path:
    """A Mach-O library header with one LC_BUILD_VERSION: what build.spec reads of a bundled binary."""
    import struct

    cputype = {"arm64": 0x0100000C, "x86_64": 0x01000007}[arch]
    packed = minos[0] << 16 | minos[1] << 8
    build_version = struct.pack("<6I", 0x32, 24, 1, packed, packed, 0)       # LC_BUILD_VERSION, macOS, no tools
    path.write_bytes(struct.pack("<8I", 0xFEEDFACF, cputype, 0, 6, 1, len(build_version), 0, 0) + build_version)
    return path


def run_spec(monkeypatch, tmp_path: Path, platform: str, onefile: bool, binaries: list[Path] | None = None,
             pyinstaller_dir: Path | None = None, arch: str = "arm64") -> tuple[dict, list]:
    """Execute build.spec as PyInstaller would on ``platform``; returns its namespace and the calls it made.

    ``binaries`` are what Analysis found (default: one Mach-O library for macOS 11.0); ``pyinstaller_dir`` is
    the PyInstaller package whose macOS bootloaders the spec reads (default: one without any); ``arch`` the
    Mac's architecture."""
    calls: list = []
    hooks: Any = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [m.name for m in pkgutil.walk_packages(
        [str(ROOT / package)], prefix=f"{package}.")]
    hooks.copy_metadata = lambda dist: [(f"/site-packages/{dist}.dist-info", f"{dist}.dist-info")]
    package = types.ModuleType("PyInstaller")
    package.__file__ = str((pyinstaller_dir or tmp_path / "PyInstaller") / "__init__.py")
    for name, module in (("PyInstaller", package), ("PyInstaller.utils", types.ModuleType("PyInstaller.utils")),
                         ("PyInstaller.utils.hooks", hooks)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "path", list(sys.path))    # the macOS branch puts tools/ on it
    if platform == "darwin" and not onefile:
        pytest.importorskip("macholib", reason="the macOS spec reads its binaries with macholib (the build extra)")
    monkeypatch.setenv("TALA_ONEFILE", "1" if onefile else "0")
    monkeypatch.setenv("TALA_TARGET_ARCH", arch)
    monkeypatch.delenv("TALA_CODESIGN_IDENTITY", raising=False)
    if binaries is None:
        binaries = [tiny_macho(tmp_path / "libfound.dylib")]
    toc = [(path.name, str(path), "BINARY") for path in binaries]
    namespace = {"SPECPATH": str(ROOT), "workpath": str(tmp_path), "__file__": str(ROOT / "build.spec"),
                 **{kind: Recorder(calls, kind, toc) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}}
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

    app, server = of_kind(calls, "EXE")
    for exe, name in ((app, "TaLa.exe"), (server, "TaLa-server.exe")):
        text = Path(exe.kwargs["version"]).read_text(encoding="utf-8")
        tree = ast.parse(text, mode="eval")  # PyInstaller evaluates this file as one expression
        assert isinstance(tree.body, ast.Call) and tree.body.func.id == "VSVersionInfo"
        assert f"StringStruct('FileVersion', '{__version__}')" in text
        assert f"StringStruct('OriginalFilename', '{name}')" in text
        numbers = tuple(int(n) for n in __version__.split("."))
        assert f"filevers={(*numbers, 0, 0, 0, 0)[:4]}" in text
    assert "LAN server" in Path(server.kwargs["version"]).read_text(encoding="utf-8")


@pytest.mark.parametrize("onefile", [False, True])
def test_every_windows_executable_asks_for_per_monitor_dpi_awareness(monkeypatch, tmp_path, onefile):
    ns, calls = run_spec(monkeypatch, tmp_path, "win32", onefile=onefile)
    app_binaries = _load_tool("app_binaries")
    exes = of_kind(calls, "EXE")
    assert len(exes) == (1 if onefile else 2)
    for exe in exes:
        manifest = exe.kwargs["manifest"]
        assert app_binaries.windows_manifest_problems(manifest.encode("utf-8")) == []
        assert "<requestedExecutionLevel level=\"asInvoker\"" in manifest and "longPathAware" in manifest


@pytest.mark.parametrize("platform", ["darwin", "linux"])
def test_only_windows_gets_a_manifest(monkeypatch, tmp_path, platform):
    ns, calls = run_spec(monkeypatch, tmp_path, platform, onefile=False)
    assert all(exe.kwargs["manifest"] is None for exe in of_kind(calls, "EXE"))


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
    plist = bundle.kwargs["info_plist"]
    assert plist["CFBundleShortVersionString"] == __version__
    assert plist["NSHighResolutionCapable"] is True
    why = plist["NSLocalNetworkUsageDescription"]
    assert "mạng LAN" in why and "local network" in why                   # both languages: macOS shows it as is
    assert plist["LSMinimumSystemVersion"] == "11.0"                      # the one bundled library's minimum
    written = {"CFBundleExecutable": "TaLa", "CFBundleIdentifier": bundle.kwargs["bundle_identifier"],
               "CFBundlePackageType": "APPL", **plist}                   # PyInstaller's keys, then the spec's
    assert _load_tool("app_binaries").info_plist_problems(written, __version__) == []


@pytest.mark.parametrize("arch", ["arm64", "x86_64"])
def test_the_macos_spec_claims_the_newest_minimum_of_its_binaries_for_its_architecture(monkeypatch, tmp_path, arch):
    """LSMinimumSystemVersion true to the build: neither older than a binary needs nor newer than any does."""
    found = [tiny_macho(tmp_path / "a.dylib", "arm64", (11, 0)), tiny_macho(tmp_path / "b.so", "arm64", (12, 3)),
             tiny_macho(tmp_path / "c.so", "x86_64", (10, 13)), tmp_path / "not-there.dylib"]
    (tmp_path / "data.txt").write_text("not a binary", encoding="utf-8")
    ns, calls = run_spec(monkeypatch, tmp_path, "darwin", onefile=False, arch=arch,
                         binaries=[*found, tmp_path / "data.txt"])
    (bundle,) = of_kind(calls, "BUNDLE")
    assert bundle.kwargs["info_plist"]["LSMinimumSystemVersion"] == {"arm64": "12.3", "x86_64": "10.13"}[arch]
    assert all(exe.kwargs["target_arch"] == arch for exe in of_kind(calls, "EXE"))


def test_the_macos_spec_signs_with_the_identity_it_is_given_else_ad_hoc(monkeypatch, tmp_path):
    ns, calls = run_spec(monkeypatch, tmp_path, "darwin", onefile=False)
    assert all(exe.kwargs["codesign_identity"] is None and exe.kwargs["entitlements_file"] is None
               for exe in of_kind(calls, "EXE"))
    monkeypatch.setenv("TALA_CODESIGN_IDENTITY", "Developer ID Application: Tá Lả (TEAM123456)")
    exec(compile((ROOT / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec"), ns)
    signed = of_kind(calls, "EXE")[2:]
    assert [exe.kwargs["codesign_identity"] for exe in signed] == ["Developer ID Application: Tá Lả (TEAM123456)"] * 2
    entitlements = Path(signed[0].kwargs["entitlements_file"])
    import plistlib

    assert plistlib.loads(entitlements.read_bytes())["com.apple.security.cs.allow-unsigned-executable-memory"] is True


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
    assert {f"assets/locale/{lang}/LC_MESSAGES/tala.mo" for lang in ("vi", "en")} <= bundled   # compiled by the spec
    assert not any(f.endswith(".po") for f in bundled)
    assert not any("/." in f or "__pycache__" in f for f in bundled)
    # the spec names each folder in the bundle with the build system's separator (a backslash on Windows)
    assert all(Path(dest) == Path(src).relative_to(ROOT).parent for src, dest in datas if src.startswith(str(ROOT)))
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


def test_zip_app_refuses_a_one_file_zip_on_macos(monkeypatch, tmp_path, capsys):
    zip_app = _load_tool("zip_app")
    (tmp_path / "TaLa-onefile").write_bytes(b"\xcf\xfa\xed\xfe")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert zip_app.main(["--onefile", "--dist", str(tmp_path), "--out", str(tmp_path)]) == 1
    assert "macOS ships TaLa.app only" in capsys.readouterr().err
    assert list(tmp_path.glob("*.zip")) == []


def test_build_app_finds_the_executable_of_an_unpacked_copy(tmp_path):
    build_app = _load_tool("build_app")
    (tmp_path / "TaLa").mkdir()
    (tmp_path / "TaLa" / "TaLa.exe").write_bytes(b"MZ")
    (tmp_path / "TaLa-onefile").write_bytes(b"\x7fELF")
    assert build_app.unpacked_paths(tmp_path / "TaLa") == (tmp_path / "TaLa", tmp_path / "TaLa" / "TaLa.exe", False)
    assert build_app.unpacked_paths(tmp_path / "TaLa-onefile") == (tmp_path / "TaLa-onefile",) * 2 + (True,)
    app = tmp_path / "TaLa.app"
    assert build_app.unpacked_paths(app) == (app, app / "Contents" / "MacOS" / "TaLa", False)
    assert build_app.main(["--bundle", str(tmp_path / "nothing")]) == 1


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
    if "HOME" in env:  # Path.home() reads USERPROFILE where the test runs on Windows, HOME elsewhere
        monkeypatch.setenv("USERPROFILE", env["HOME"])
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


@pytest.mark.parametrize("platform", PLATFORMS)
def test_the_frame_bench_clock_reads_the_process_age_on_every_platform(monkeypatch, platform):
    """``/proc`` and ``os.sysconf`` are Linux's: elsewhere the age counts from the first call."""
    spec = importlib.util.spec_from_file_location("_bench_ui_bench", ROOT / "bench" / "ui_bench.py")
    assert spec is not None and spec.loader is not None
    scene_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scene_bench)

    monkeypatch.setattr(sys, "platform", platform)
    if platform == "win32":
        monkeypatch.delattr(os, "sysconf", raising=False)
    age = scene_bench.process_age()
    assert 0 <= age < 24 * 3600
    assert scene_bench.process_age() >= age


@pytest.mark.parametrize("bench", ["ui_bench", "ui_memory"])
def test_the_ui_benches_load_and_read_their_peak_memory_without_the_posix_resource_module(monkeypatch, bench):
    """Windows has no ``resource`` module: the benches load there and read the peak working set instead."""
    pytest.importorskip("psutil", reason="the benches read Windows' peak memory with psutil (the bench extra)")
    monkeypatch.setitem(sys.modules, "resource", None)     # `import resource` raises ImportError, as on Windows
    spec = importlib.util.spec_from_file_location(f"_bench_{bench}", ROOT / "bench" / f"{bench}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert 10 < module.peak_rss_mb() < 100_000


# -- Windows display scaling: DPI awareness before the display starts, fullscreen on one monitor --------------------

def _in_a_fresh_python(code: str, **env: str) -> list[str]:
    """Run ``code`` headless in its own interpreter (pygame started and stopped there, not in this test process);
    returns its output lines."""
    import subprocess
    import textwrap

    environ = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **env)
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env=environ)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_app_asks_for_per_monitor_dpi_awareness_before_the_display_starts(tmp_path):
    """Without it Windows stretches the window's bitmap at 125-200 % scaling and reports scaled sizes."""
    code = f"""
        import os, pygame
        from tala_desktop import app
        real_init = pygame.display.init
        def init():
            print("display.init with", os.environ.get("SDL_WINDOWS_DPI_AWARENESS"))
            real_init()
        pygame.display.init = init
        print("exit", app.main(["--frames", "1", "--windowed", "960x540", "--data-dir", {str(tmp_path / "d")!r}]))
    """
    lines = _in_a_fresh_python(code)
    assert lines[-1] == "exit 0" and lines[0] == "display.init with permonitorv2"
    assert set(lines[:-1]) == {"display.init with permonitorv2"}
    kept = _in_a_fresh_python("from tala_desktop.app import cli\nimport os\ncli.prepare_display_environment()\n"
                              "print(os.environ['SDL_WINDOWS_DPI_AWARENESS'])", SDL_WINDOWS_DPI_AWARENESS="system")
    assert kept == ["system"]                                           # a player's own choice is kept


def test_f11_fills_the_monitor_the_window_is_on_at_its_own_size():
    """Fullscreen asks for the desktop size of the window's own display (size 0x0: SDL's borderless desktop
    fullscreen there), never the first monitor's size, which overflows or shrinks another monitor."""
    code = """
        import pygame
        from tala_desktop.ui.core.display import Display
        pygame.display.init()
        display = Display()
        display.open((1280, 720))
        real_set_mode = pygame.display.set_mode
        def set_mode(size=(0, 0), flags=0, *args, **kwargs):
            print("set_mode", tuple(size), flags == pygame.FULLSCREEN, sorted(kwargs))
            return real_set_mode(size, flags, *args, **kwargs)
        pygame.display.set_mode = set_mode
        desktop = pygame.display.get_desktop_sizes()[0]
        pygame.display.get_desktop_sizes = lambda: [(2560, 1440), (1920, 1080)]   # the window is on neither
        print("fullscreen", display.toggle_fullscreen(), display.window.get_size() == desktop)
        print("fullscreen", display.toggle_fullscreen(), display.window.get_size())
    """
    assert _in_a_fresh_python(code) == ["set_mode (0, 0) True []", "fullscreen True True",
                                        "set_mode (1280, 720) False []", "fullscreen False (1280, 720)"]
