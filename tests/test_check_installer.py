"""The installer checker's own parts on Linux: reading a shortcut Wine made, a registry export, Windows paths,
and the checks of an installed app failing where the install is wrong (a check that cannot fail checks nothing).

The checker itself runs the setup program under Wine or on Windows (tools/check_installer.py, README).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path, PureWindowsPath

import pytest

from tests.test_platforms import _load_tool

pytest.importorskip("LnkParse3", reason="the checker reads shortcuts with LnkParse3 (the build extra)")
windows_host = _load_tool("windows_host")
check_installer = _load_tool("check_installer")
check_artifacts = _load_tool("check_artifacts")
FIXTURES = Path(__file__).resolve().parent / "fixtures"
INSTALL = r"C:\users\root\AppData\Local\Programs\TaLa"
UNINSTALL = rf'"{INSTALL}\uninstall.exe"'
EXPORT = """Windows Registry Editor Version 5.00

[HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\TaLaDesktop]
"DisplayIcon"="C:\\\\users\\\\root\\\\AppData\\\\Local\\\\Programs\\\\TaLa\\\\TaLa.exe,0"
"DisplayName"="Tá Lả Desktop"
"DisplayVersion"="0.1.0"
"EstimatedSize"=dword:00000002
"InstallLocation"="C:\\\\users\\\\root\\\\AppData\\\\Local\\\\Programs\\\\TaLa"
"NoModify"=dword:00000001
"NoRepair"=dword:00000001
"Publisher"="The Tá Lả Desktop developers"
"QuietUninstallString"="\\"C:\\\\users\\\\root\\\\AppData\\\\Local\\\\Programs\\\\TaLa\\\\uninstall.exe\\" /S"
"UninstallString"="\\"C:\\\\users\\\\root\\\\AppData\\\\Local\\\\Programs\\\\TaLa\\\\uninstall.exe\\""
"Binary"=hex:01,02

[HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\TaLaDesktop\\Sub]
"DisplayName"="another key's value"
"""


def test_a_shortcut_wine_made_names_its_program_folder_and_icon():
    link = windows_host.read_shortcut(FIXTURES / "wine-shortcut.lnk")
    assert (link.target, link.working_dir, link.arguments) == (INSTALL + r"\TaLa.exe", INSTALL, "")
    assert (link.icon, link.icon_index) == (INSTALL + r"\TaLa.exe", 0)


def test_a_file_that_is_not_a_shortcut_is_refused(tmp_path):
    (tmp_path / "x.lnk").write_bytes(b"MZ not a shortcut")
    with pytest.raises(ValueError, match=r"x\.lnk: not a readable shortcut"):
        windows_host.read_shortcut(tmp_path / "x.lnk")


def test_a_registry_export_gives_the_first_keys_values_unescaped():
    values = windows_host.parse_reg(EXPORT)
    assert values["DisplayName"] == "Tá Lả Desktop" and values["EstimatedSize"] == 2
    assert values["UninstallString"] == UNINSTALL
    assert values["QuietUninstallString"] == UNINSTALL + " /S"
    assert values["Binary"] == "hex:01,02" and len(values) == 11


@pytest.mark.skipif(sys.platform == "win32", reason="a Wine prefix is a folder of a Linux machine")
def test_windows_paths_compare_as_windows_does_and_map_into_the_prefix(tmp_path):
    assert windows_host.same_path(r"C:\Users\A\TaLa.exe", "c:/users/a/tala.exe")
    assert not windows_host.same_path(r"C:\Users\A\TaLa.exe", r"C:\Users\A\TaLa-server.exe")
    (tmp_path / "drive_c").mkdir()
    (tmp_path / "dosdevices").mkdir()
    (tmp_path / "dosdevices" / "c:").symlink_to("../drive_c")
    host = windows_host.WindowsHost(windows_host.Wine(tmp_path, "tala-test", ":99"))
    try:
        assert host.host_path(r"C:\users\root\x.txt") == tmp_path / "drive_c" / "users" / "root" / "x.txt"
        assert host.windows_path(Path("/tmp/a b/s.exe")) == "Z:" + str(Path("/tmp/a b/s.exe").resolve()).replace(
            "/", "\\")
        assert host.command("C:\\x.exe", "/S")[:5] == ["ip", "netns", "exec", "tala-test", "wine"]
        assert host.env()["WINEDLLOVERRIDES"] == "winemenubuilder.exe=d"  # no menu entries on this machine
    finally:
        host.close()
    assert check_installer.setup_version(Path("TaLa-2.3.4-windows-x86_64-setup.exe")) == "2.3.4"


class FakeHost:
    """A machine where C:\\ is a folder and the registry a dict: what check_installed reads."""

    def __init__(self, root: Path, entry: dict | None) -> None:
        self.root = root
        self.entry = entry

    def host_path(self, windows_path: str) -> Path:
        return self.root.joinpath(*PureWindowsPath(windows_path).parts[1:])

    def registry(self, key: str) -> dict | None:
        return self.entry


def installed(tmp_path: Path) -> tuple[FakeHost, object, Path]:
    """An install as the setup program leaves it, of a two-file bundle, on a fake host."""
    bundle = tmp_path / "bundle"
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "TaLa.exe").write_bytes(b"MZ" + bytes(1000))
    (bundle / "_internal" / "python311.dll").write_bytes(bytes(1000))
    host = FakeHost(tmp_path / "c", windows_host.parse_reg(EXPORT))
    folder = host.host_path(INSTALL)
    shutil.copytree(bundle, folder)
    (folder / "uninstall.exe").write_bytes(b"MZ")
    places = check_installer.Places(install=INSTALL, data=r"C:\users\root\AppData\Local\TaLaDesktop",
                                    shortcuts=(r"C:\users\root\Start\Tá Lả.lnk", r"C:\users\root\Desktop\Tá Lả.lnk"))
    for lnk in places.shortcuts:
        host.host_path(lnk).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(FIXTURES / "wine-shortcut.lnk", host.host_path(lnk))
    return host, places, bundle


def failures(host: FakeHost, places: object, bundle: Path | None, version: str = "0.1.0") -> list[str]:
    report = check_artifacts.Report("x")
    check_installer.check_installed(report, host, places, version, bundle)
    return [line.split("FAIL", 1)[1].strip() for line in report.lines if line.strip().startswith("FAIL")]


def test_a_right_install_passes_and_each_wrong_part_fails(tmp_path):
    host, places, bundle = installed(tmp_path)
    assert failures(host, places, bundle) == []
    assert failures(host, places, None) == []

    assert failures(host, places, bundle, version="0.2.0") == ["Apps & features entry: DisplayVersion is '0.1.0'"]
    (bundle / "_internal" / "new.pyd").write_bytes(b"x")          # a file of the bundle the install lacks
    assert failures(host, places, bundle) == [
        rf"{INSTALL}: files missing, extra or of another size: ['_internal/new.pyd']"]
    (bundle / "_internal" / "new.pyd").unlink()
    host.host_path(places.shortcuts[1]).unlink()
    assert failures(host, places, bundle) == [rf"{places.shortcuts[1]}: no shortcut"]
    host.entry = None
    assert "no Apps & features entry" in failures(host, places, bundle)[-1]
