"""The artifact checker on real Windows and macOS binaries: PyInstaller's bootloaders, distlib's launchers, msgspec.

Nothing here can build a Windows or macOS app, so the apps are assembled from
the real binaries those builds start from, fetched from PyPI with
``pip download --platform ... --only-binary :all:`` into tests/artifacts/wheels
(once per machine; a machine that cannot reach PyPI skips these tests, saying
so): PyInstaller's Windows bootloaders ``runw.exe``/``run.exe`` (what
``TaLa.exe``/``TaLa-server.exe`` are before PyInstaller adds their resources),
distlib's launchers (real executables with a version resource and a
manifest), PyInstaller's macOS bootloaders (universal2) given their own build
UUIDs by PyInstaller's own code, and msgspec's single-architecture macOS
extension modules. The macOS Info.plist is the one build.spec writes for
these binaries.
"""

from __future__ import annotations

import os
import plistlib
import shutil
import stat
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

from tests.test_platforms import _load_tool, of_kind, run_spec

ROOT = Path(__file__).resolve().parent.parent
WHEELS = ROOT / "tests" / "artifacts" / "wheels"
# name -> (requirement, pip's --platform or None for a pure wheel)
FIXTURES = {
    "pyinstaller-windows": ("pyinstaller==6.22.3", "win_amd64"),
    "pyinstaller-macos": ("pyinstaller==6.22.3", "macosx_10_13_universal2"),
    "msgspec-macos-arm64": ("msgspec==0.23.0", "macosx_11_0_arm64"),
    "msgspec-macos-x86_64": ("msgspec==0.23.0", "macosx_10_9_x86_64"),
    "distlib": ("distlib==0.4.4", None),
}
MSGSPEC_SO = "msgspec/_core.cpython-311-darwin.so"
BOOT_WIN = "PyInstaller/bootloader/Windows-64bit-intel"
BOOT_MAC = "PyInstaller/bootloader/Darwin-64bit"

pytest.importorskip("pefile", reason="the artifact checker reads PE files with pefile (the build extra)")
pytest.importorskip("macholib", reason="the artifact checker reads Mach-O files with macholib (the build extra)")
check_artifacts = _load_tool("check_artifacts")
app_binaries = _load_tool("app_binaries")
VERSION = check_artifacts.project_version()


def wheel(name: str) -> Path:
    """The fixture wheel, fetched with pip the first time; the test is skipped if pip cannot reach PyPI."""
    requirement, platform = FIXTURES[name]
    folder = WHEELS / name
    found = sorted(folder.glob("*.whl"))
    if found:
        return found[0]
    WHEELS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=WHEELS) as scratch:
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
                   "--dest", scratch, requirement]
        if platform:
            command += ["--platform", platform, "--python-version", "3.11", "--implementation", "cp"]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            pytest.skip(f"pip download {requirement} took over 300 s: no fixture binaries")
        got = sorted(Path(scratch).glob("*.whl"))
        if done.returncode != 0 or not got:
            pytest.skip(f"cannot fetch the fixture {requirement} ({platform or 'any platform'}) with pip download "
                        f"(is PyPI reachable?): {done.stderr.strip()[-300:]}")
        folder.mkdir(exist_ok=True)
        os.replace(got[0], folder / got[0].name)       # whole or not at all, also beside a parallel worker
    return folder / got[0].name


def unpack(name: str, member: str, dest: Path) -> Path:
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel(name)) as zf:
        dest.write_bytes(zf.read(member))
    dest.chmod(0o755)
    return dest


def licences(app_assets: Path) -> None:
    shutil.copytree(ROOT / "assets" / "licenses", app_assets / "licenses")


def with_manifest(source: Path, dest: Path, manifest: bytes) -> Path:
    """A copy of a real executable with its RT_MANIFEST resource's bytes replaced in place (padded to its size)."""
    import pefile

    pe = pefile.PE(str(source))
    entry = next(e for e in pe.DIRECTORY_ENTRY_RESOURCE.entries if e.id == 24)
    data = entry.directory.entries[0].directory.entries[0].data.struct
    offset, size = pe.get_offset_from_rva(data.OffsetToData), data.Size
    pe.close()
    assert len(manifest) <= size, f"the new manifest has {len(manifest)} bytes, the resource {size}"
    image = bytearray(source.read_bytes())
    image[offset:offset + size] = manifest.ljust(size, b" ")      # XML allows white space after the root
    dest.write_bytes(bytes(image))
    return dest


DPI_MANIFEST = (b'<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0"><application '
                b'xmlns="urn:schemas-microsoft-com:asm.v3"><windowsSettings><dpiAwareness xmlns='
                b'"http://schemas.microsoft.com/SMI/2016/WindowsSettings">PerMonitorV2</dpiAwareness>'
                b'</windowsSettings></application></assembly>')


def fails(report) -> list[str]:
    return [line.split("FAIL", 1)[1].strip() for line in report.lines if line.strip().startswith("FAIL")]


# -- Windows ---------------------------------------------------------------------------------------------------------

def windows_app(tmp_path: Path, exe: Path, server: Path) -> Path:
    app = tmp_path / "TaLa"
    (app / "_internal").mkdir(parents=True)
    shutil.copy(exe, app / "TaLa.exe")
    shutil.copy(server, app / "TaLa-server.exe")
    licences(app / "_internal" / "assets")
    return app


def test_pyinstallers_windows_bootloaders_are_a_gui_and_a_console_exe_without_resources_yet(tmp_path):
    """What TaLa.exe and TaLa-server.exe are before the build adds the version resource and the manifest."""
    boot = tmp_path / "boot"
    app = windows_app(tmp_path, unpack("pyinstaller-windows", f"{BOOT_WIN}/runw.exe", boot / "runw.exe"),
                      unpack("pyinstaller-windows", f"{BOOT_WIN}/run.exe", boot / "run.exe"))
    report = check_artifacts.check_artifact(app, arch="x86_64")
    assert "ok    TaLa.exe: gui subsystem" in "\n".join(report.lines)
    assert "ok    TaLa-server.exe: console subsystem" in "\n".join(report.lines)
    assert fails(report) == [
        "TaLa.exe: no version resource (Explorer's Properties > Details would be empty)",
        "TaLa.exe: no manifest (no DPI awareness: Windows stretches the window at 125-200 % scaling)",
        "TaLa-server.exe: no version resource (Explorer's Properties > Details would be empty)",
        "TaLa-server.exe: no manifest (no DPI awareness: Windows stretches the window at 125-200 % scaling)"]


def test_a_console_exe_as_the_game_is_refused(tmp_path):
    run = unpack("pyinstaller-windows", f"{BOOT_WIN}/run.exe", tmp_path / "boot" / "run.exe")
    report = check_artifacts.check_artifact(windows_app(tmp_path, run, run), arch="x86_64")
    assert ("TaLa.exe: console subsystem, not gui (a console window would open beside the game)"
            in fails(report))


def test_a_real_exe_with_a_version_resource_and_a_dpi_manifest_passes(tmp_path):
    launchers = tmp_path / "distlib"
    gui = with_manifest(unpack("distlib", "distlib/w64.exe", launchers / "w64.exe"), launchers / "w64-dpi.exe",
                        DPI_MANIFEST)
    console = with_manifest(unpack("distlib", "distlib/t64.exe", launchers / "t64.exe"), launchers / "t64-dpi.exe",
                            DPI_MANIFEST)
    app = windows_app(tmp_path, gui, console)
    report = check_artifacts.check_artifact(app, arch="x86_64", version="1.1.0.14")   # the launchers' version
    assert report.failed == 0, report.lines
    assert "ok    TaLa.exe: version resource 1.1.0.14 (Simple Launcher)" in "\n".join(report.lines)
    assert check_artifacts.check_artifact(app, arch="x86_64").failed == 2       # not this project's version
    plain = windows_app(tmp_path / "plain", launchers / "w64.exe", launchers / "t64.exe")
    assert ("TaLa.exe: manifest: no dpiAwareness: Windows stretches the window's bitmap at 125-200 % scaling"
            in fails(check_artifacts.check_artifact(plain, arch="x86_64", version="1.1.0.14")))


def test_a_library_of_another_architecture_is_found(tmp_path):
    launchers = tmp_path / "distlib"
    gui = with_manifest(unpack("distlib", "distlib/w64.exe", launchers / "w64.exe"), launchers / "gui.exe",
                        DPI_MANIFEST)
    app = windows_app(tmp_path, gui, gui)
    unpack("distlib", "distlib/w64-arm.exe", app / "_internal" / "stray.dll")
    report = check_artifacts.check_artifact(app, arch="x86_64", version="1.1.0.14")
    assert "1 of 3 binaries lack x86_64: TaLa/_internal/stray.dll (arm64)" in fails(report)


# -- macOS -----------------------------------------------------------------------------------------------------------

def mac_app(tmp_path: Path, monkeypatch, arch: str, plist_changes: dict | None = None,
            own_uuids: bool = True) -> tuple[Path, Path]:
    """TaLa.app from PyInstaller's real macOS bootloaders and msgspec's real ``arch`` module, with the Info.plist
    build.spec writes for them; returns (the app, the bootloader folder)."""
    from PyInstaller.utils.osx import update_exe_identifier

    with zipfile.ZipFile(wheel("pyinstaller-macos")) as zf:
        zf.extractall(tmp_path / "wheel", [m for m in zf.namelist() if m.startswith(BOOT_MAC)])
    boot = tmp_path / "wheel" / BOOT_MAC
    app = tmp_path / "out" / "TaLa.app"
    contents = app / "Contents"
    (contents / "MacOS").mkdir(parents=True)
    for loader, name in (("runw", "TaLa"), ("run", "TaLa-server")):
        exe = contents / "MacOS" / name
        shutil.copy(boot / loader, exe)
        if own_uuids:                            # what PyInstaller 6.13 and later does to each built executable
            archive = tmp_path / f"{name}.pkg"
            archive.write_bytes(f"the archive of {name}".encode())
            update_exe_identifier(str(exe), str(archive))
    module = unpack(f"msgspec-macos-{arch}", MSGSPEC_SO, contents / "Frameworks" / MSGSPEC_SO)
    licences(contents / "Resources" / "assets")
    (tmp_path / "spec").mkdir()
    ns, calls = run_spec(monkeypatch, tmp_path / "spec", "darwin", onefile=False, binaries=[module],
                         pyinstaller_dir=tmp_path / "wheel" / "PyInstaller", arch=arch)
    (bundle,) = of_kind(calls, "BUNDLE")
    plist = {"CFBundleDisplayName": "TaLa", "CFBundleName": "TaLa", "CFBundleIdentifier": bundle.kwargs[
        "bundle_identifier"], "CFBundleExecutable": "TaLa", "CFBundleIconFile": "icon.icns",
        "CFBundleInfoDictionaryVersion": "6.0", "CFBundlePackageType": "APPL",
        "CFBundleShortVersionString": bundle.kwargs["version"]}       # PyInstaller's own keys, then the spec's
    plist.update(bundle.kwargs["info_plist"])
    plist.update(plist_changes or {})
    with (contents / "Info.plist").open("wb") as f:
        plistlib.dump({k: v for k, v in plist.items() if v is not None}, f)
    return app, boot


@pytest.mark.parametrize(("arch", "minimum"), [("arm64", "11.0"), ("x86_64", "10.13")])
def test_a_mac_app_of_real_binaries_with_the_specs_info_plist_passes(tmp_path, monkeypatch, arch, minimum):
    app, boot = mac_app(tmp_path, monkeypatch, arch)
    loaders = sorted(boot.glob("run*"))
    report = check_artifacts.check_artifact(app, arch=arch, bootloaders=loaders)
    assert report.failed == 0, report.lines
    text = "\n".join(report.lines)
    assert f"LSMinimumSystemVersion {minimum}, the newest minimum of its binaries" in text
    assert "no executable keeps its bootloader's build UUID" in text
    assert ("every arm64 binary signed" in text) is (arch == "arm64")


def test_an_intel_mac_is_promised_an_app_whose_module_is_arm64_only(tmp_path, monkeypatch):
    """The issue with one macOS leg: msgspec's wheel is single-architecture, so an arm64 build cannot run on Intel."""
    app, boot = mac_app(tmp_path, monkeypatch, "arm64")
    report = check_artifacts.check_artifact(app, arch="x86_64", bootloaders=sorted(boot.glob("run*")))
    assert f"1 of 3 binaries lack x86_64: TaLa.app/Contents/Frameworks/{MSGSPEC_SO} (arm64)" in fails(report)


@pytest.mark.parametrize(("claimed", "expected"), [
    ("10.13", f"Info.plist: LSMinimumSystemVersion 10.13, but TaLa, TaLa-server, {Path(MSGSPEC_SO).name} need "
              "macOS 11.0"),
    ("12.0", "Info.plist: LSMinimumSystemVersion 12.0, but every binary runs on macOS 11.0: players on 11.0 up to "
             "12.0 would be turned away"),
])
def test_a_minimum_macos_that_is_not_the_builds_is_refused(tmp_path, monkeypatch, claimed, expected):
    app, boot = mac_app(tmp_path, monkeypatch, "arm64", {"LSMinimumSystemVersion": claimed})
    assert fails(check_artifacts.check_artifact(app, arch="arm64", bootloaders=sorted(boot.glob("run*")))) == [
        expected]


def test_a_mac_app_without_the_local_network_reason_or_with_the_bootloaders_uuid_is_refused(tmp_path, monkeypatch):
    app, boot = mac_app(tmp_path, monkeypatch, "arm64", {"NSLocalNetworkUsageDescription": None,
                                                         "NSHighResolutionCapable": None}, own_uuids=False)
    found = fails(check_artifacts.check_artifact(app, arch="arm64", bootloaders=sorted(boot.glob("run*"))))
    assert found[:2] == ["Info.plist: NSHighResolutionCapable is not true: the window would be blurry on a Retina "
                         "screen", "Info.plist: no NSLocalNetworkUsageDescription: macOS 15 would refuse LAN play "
                         "(\"No route to host\") without asking the player"]
    assert found[2].startswith("build UUIDs of PyInstaller's bootloader, shared with every app built from it")
    assert len(found) == 3


def test_the_zipped_mac_app_is_checked_as_unpacked_and_a_one_file_mac_zip_is_refused(tmp_path, monkeypatch, capsys):
    zip_app = _load_tool("zip_app")
    app, boot = mac_app(tmp_path, monkeypatch, "arm64")
    (app / "Contents" / "Frameworks" / "msgspec.link").symlink_to("msgspec")      # PyInstaller's .app has links
    archive = tmp_path / f"TaLa-{VERSION}-macos-arm64.zip"
    zip_app.zip_tree(app, archive)
    code = check_artifacts.main([str(archive), "--bootloaders", str(boot), "--expect", "macos-arm64"])
    out = capsys.readouterr().out
    assert code == 0, out
    onefile = tmp_path / f"TaLa-{VERSION}-macos-arm64-onefile.zip"
    zip_app.zip_tree(app / "Contents" / "MacOS" / "TaLa", onefile)
    assert check_artifacts.main([str(onefile), "--expect", "macos-arm64,macos-x86_64"]) == 1
    out, err = capsys.readouterr()
    assert "macOS ships TaLa.app only" in out and "no zip for macos-arm64, macos-x86_64" in err


# -- unpacking, Linux ------------------------------------------------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="Windows files have no Unix mode bits, and a symbolic link "
                    "needs a privilege there: the Windows app ships neither")
def test_unpacking_keeps_modes_and_links(tmp_path):
    archive = tmp_path / "a.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        exe = zipfile.ZipInfo("TaLa/TaLa")
        exe.create_system, exe.external_attr = 3, (stat.S_IFREG | 0o755) << 16
        zf.writestr(exe, b"\x7fELF")
        link = zipfile.ZipInfo("TaLa/lib.so")
        link.create_system, link.external_attr = 3, (stat.S_IFLNK | 0o777) << 16
        zf.writestr(link, "TaLa")
    check_artifacts.extract(archive, tmp_path / "out")
    assert stat.S_IMODE((tmp_path / "out" / "TaLa" / "TaLa").stat().st_mode) == 0o755
    assert os.readlink(tmp_path / "out" / "TaLa" / "lib.so") == "TaLa"


def test_unpacking_refuses_an_entry_outside_the_folder(tmp_path):
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w") as zf:
        zf.writestr("../outside.txt", b"x")
    with pytest.raises(ValueError, match="outside the folder"):
        check_artifacts.extract(evil, tmp_path / "out2")
    assert not (tmp_path / "outside.txt").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="assembles a Linux app from this machine's ELF files")
def test_a_linux_app_needs_its_executable_bits(tmp_path):
    app = tmp_path / "TaLa"
    (app / "_internal").mkdir(parents=True)
    for name in ("TaLa", "TaLa-server"):
        shutil.copy(Path(sys.executable).resolve(), app / name)
    licences(app / "_internal" / "assets")
    assert check_artifacts.check_artifact(app).failed == 0
    (app / "TaLa").chmod(0o644)
    assert fails(check_artifacts.check_artifact(app, arch="x86_64" if os.uname().machine == "x86_64" else "arm64")
                 ) == ["TaLa: 64-bit ELF, executable bit missing"]
