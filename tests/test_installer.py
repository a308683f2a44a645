"""The Windows installer's build on Linux: tools/build_installer.py and tools/windows_installer.nsi.

makensis (Debian's ``nsis``) builds a real setup program here from a small stand-in bundle; whether it
installs, starts and uninstalls is tools/check_installer.py's work, under Wine or on Windows.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import tala_desktop
from tests.test_platforms import _load_tool

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = (ROOT / "tools" / "windows_installer.nsi").read_text(encoding="utf-8")
build_installer = _load_tool("build_installer")
needs_makensis = pytest.mark.skipif(shutil.which("makensis") is None,
                                    reason="makensis not installed (Debian, Ubuntu: apt install nsis)")


def fake_bundle(folder: Path) -> Path:
    """A one-folder app as the build lays it out, with stand-in files: TaLa.exe, TaLa-server.exe, _internal/."""
    bundle = folder / "TaLa"
    (bundle / "_internal" / "assets").mkdir(parents=True)
    (bundle / "TaLa.exe").write_bytes(b"MZ" + bytes(3000))
    (bundle / "TaLa-server.exe").write_bytes(b"MZ" + bytes(100))
    (bundle / "_internal" / "assets" / "icon.ico").write_bytes((ROOT / "assets" / "icon.ico").read_bytes())
    return bundle


@needs_makensis
def test_a_bundle_becomes_a_64_bit_setup_program_named_and_versioned_from_the_package(tmp_path, capsys):
    pytest.importorskip("pefile", reason="the setup program's header is read with pefile (the build extra)")
    app_binaries = _load_tool("app_binaries")
    bundle = fake_bundle(tmp_path)

    assert build_installer.main(["--bundle", str(bundle), "--out", str(tmp_path / "out")]) == 0

    version = tala_desktop.__version__
    setup = tmp_path / "out" / f"TaLa-{version}-windows-x86_64-setup.exe"
    assert [p.name for p in (tmp_path / "out").iterdir()] == [setup.name]
    assert f"build_installer: {setup} (" in capsys.readouterr().out
    info = app_binaries.read_binary(setup)
    assert isinstance(info, app_binaries.PeInfo) and not info.is_dll
    assert (info.machine, info.subsystem) == ("x86_64", "gui")
    assert info.version_strings["ProductVersion"] == version
    assert info.version_strings["ProductName"] == "Tá Lả Desktop"
    assert info.fixed_version == tuple(int(n) for n in build_installer.four_numbers(version).split("."))


@needs_makensis
def test_the_build_hands_makensis_the_version_size_licence_and_the_bundles_own_files(tmp_path):
    bundle = fake_bundle(tmp_path)
    args = build_installer.makensis_args("makensis", bundle, tmp_path / "x.exe", tmp_path / "work", "2.3.4")
    defines = dict(a[2:].split("=", 1) for a in args if a.startswith("-D"))
    assert (defines["VERSION"], defines["VI_VERSION"]) == ("2.3.4", "2.3.4.0")
    assert defines["SIZE_KB"] == str(-(-(3002 + 102 + (ROOT / "assets" / "icon.ico").stat().st_size) // 1024))
    assert Path(defines["ICON"]) == ROOT / "assets" / "icon.ico"
    licence = Path(defines["LICENSE"]).read_bytes()
    assert licence.startswith(b"\xef\xbb\xbfMIT License\r\n") and "Tá Lả".encode() in licence
    macro = Path(defines["APP_FILES"]).read_text(encoding="utf-8")
    assert re.findall(r"^  (.*)$", macro, re.M) == [
        'Delete "${DIR}\\TaLa-server.exe"', 'Delete "${DIR}\\TaLa.exe"', 'RMDir /r "${DIR}\\_internal"']


def test_a_missing_bundle_or_one_not_built_for_windows_stops_the_build_with_a_reason(tmp_path, capsys):
    assert build_installer.main(["--bundle", str(tmp_path / "nowhere"), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert f"build_installer: {tmp_path / 'nowhere'} not found: build the Windows app first" in err
    linux = tmp_path / "TaLa"
    (linux / "_internal").mkdir(parents=True)
    (linux / "TaLa").write_bytes(b"\x7fELF")
    assert build_installer.main(["--bundle", str(linux), "--out", str(tmp_path / "out")]) == 1
    assert "holds no TaLa.exe (found ['TaLa', '_internal']): the installer is made from the Windows build" in \
        capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_without_makensis_the_build_says_how_to_get_it(tmp_path, capsys, monkeypatch):
    bundle = fake_bundle(tmp_path)
    assert build_installer.main(["--bundle", str(bundle), "--out", str(tmp_path / "out"),
                                 "--makensis", str(tmp_path / "no-makensis")]) == 1
    assert f"build_installer: {tmp_path / 'no-makensis'}: no such program" in capsys.readouterr().err
    monkeypatch.setattr(build_installer.shutil, "which", lambda name: None)
    assert build_installer.main(["--bundle", str(bundle), "--out", str(tmp_path / "out")]) == 1
    assert "makensis (NSIS 3) not found: install it (Debian, Ubuntu: sudo apt install nsis)" in capsys.readouterr().err
    assert not list((tmp_path / "out").glob("*.exe"))


def test_the_installer_is_per_user_in_both_languages():
    assert re.search(r"^RequestExecutionLevel user$", SCRIPT, re.M)
    assert re.search(r'^InstallDir "\$LOCALAPPDATA\\Programs\\TaLa"$', SCRIPT, re.M)
    assert "HKLM" not in SCRIPT and "SetShellVarContext all" not in SCRIPT   # nothing that needs an administrator
    assert re.findall(r'^!insertmacro MUI_LANGUAGE "(\w+)"', SCRIPT, re.M) == ["English", "Vietnamese"]
    assert "!insertmacro MUI_LANGDLL_DISPLAY" in SCRIPT and "!insertmacro MUI_UNGETLANGUAGE" in SCRIPT
    strings: dict[str, set[str]] = {}
    for name, language in re.findall(r"^LangString (\w+) \$\{LANG_(\w+)\}", SCRIPT, re.M):
        strings.setdefault(name, set()).add(language)
    assert len(strings) >= 8 and all(langs == {"ENGLISH", "VIETNAMESE"} for langs in strings.values()), strings
    used = set(re.findall(r"\$\((\w+)\)", SCRIPT))
    assert used == set(strings), "a text the installer shows has no translation, or a translation is unused"


def test_the_uninstaller_keeps_the_players_data_unless_told_and_registers_in_apps_and_features():
    assert re.search(r'^Section /o "un\.Player data" UnSectionData$', SCRIPT, re.M)   # unticked by default
    data = SCRIPT[SCRIPT.index('Section /o "un.Player data"'):]
    assert 'RMDir /r "${DATA_FOLDER}"' in data[:data.index("SectionEnd")]
    assert SCRIPT.count('RMDir /r "${DATA_FOLDER}"') == 1                          # nowhere else
    assert '!define DATA_FOLDER "$LOCALAPPDATA\\TaLaDesktop"' in SCRIPT
    assert '${GetOptions} $R0 "/REMOVEDATA=" $R1' in SCRIPT
    for value in ("DisplayName", "DisplayVersion", "Publisher", "DisplayIcon", "UninstallString",
                  "QuietUninstallString", "InstallLocation"):
        assert re.search(rf'^  WriteRegStr HKCU "\$\{{UNINSTALL_KEY\}}" "{value}" ', SCRIPT, re.M), value
    for value in ("EstimatedSize", "NoModify", "NoRepair"):
        assert re.search(rf'^  WriteRegDWORD HKCU "\$\{{UNINSTALL_KEY\}}" "{value}" ', SCRIPT, re.M), value
    assert 'DeleteRegKey HKCU "${UNINSTALL_KEY}"' in SCRIPT


def test_the_version_resource_takes_four_numbers():
    assert build_installer.four_numbers("0.1.0") == "0.1.0.0"
    assert build_installer.four_numbers("1.2.3.4.5") == "1.2.3.4"
    assert build_installer.installer_name("0.1.0") == "TaLa-0.1.0-windows-x86_64-setup.exe"


def test_the_workflow_builds_the_installer_from_the_windows_zip_checks_it_on_windows_and_releases_it():
    workflow = (ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8")
    jobs = dict(re.findall(r"^  ([\w-]+):\n(.*?)(?=^  [\w-]+:\n|\Z)", workflow, re.M | re.S))
    build, on_windows, release = jobs["installer"], jobs["installer-on-windows"], jobs["release"]
    assert "needs: [app]" in build and "runs-on: ubuntu-latest" in build and "install -y -qq --no-install-recommends " \
        "nsis" in build
    assert "unzip -q windows/TaLa-*-windows-x86_64.zip -d build/windows" in build
    assert "python tools/build_installer.py --bundle build/windows/TaLa --out dist" in build
    assert "name: TaLa-windows-x86_64-setup" in build and "path: dist/*-setup.exe" in build
    assert "needs: [installer]" in on_windows and "runs-on: windows-latest" in on_windows
    assert "python tools/check_installer.py windows/TaLa-*-windows-x86_64-setup.exe --bundle build/windows/TaLa" \
        in on_windows
    assert re.search(r"needs: \[.*\binstaller, installer-on-windows\b.*\]", release)
    assert 'gh release upload "$GITHUB_REF_NAME" release/*.zip release/*-setup.exe' in release


def test_an_update_runs_the_older_versions_own_uninstaller_silently_before_unpacking():
    section = SCRIPT[SCRIPT.index('Section "-app"'):]
    section = section[:section.index("SectionEnd")]
    older = section.index("""ExecWait '"$R0\\${UNINSTALLER}" /S _?=$R0'""")   # in place: it waits, keeps the data
    assert section.index("!insertmacro ASK_TO_CLOSE_THE_GAME") < older
    assert older < section.index('!insertmacro REMOVE_APP_FILES "$INSTDIR"') < section.index('File /r "${BUNDLE}\\*"')
