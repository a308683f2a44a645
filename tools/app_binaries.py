"""What the app's binaries say about themselves: Windows PE, macOS Mach-O and Linux ELF headers, read on any system.

    python tools/app_binaries.py FILE...     # what each binary (or Info.plist) says, one line per slice

    info = read_binary(path)                 # PeInfo, MachOInfo, ElfInfo, or None for any other file
    macos_minimum(paths)                     # the newest "runs on macOS X or later" among Mach-O files, or None
    windows_manifest_problems(xml_bytes)     # [] when a manifest asks for per-monitor-v2 DPI awareness
    info_plist_problems(plist, "0.1.0")      # [] when an Info.plist has every key the app needs

PE files are read with pefile (machine, subsystem, the version resource, the
embedded manifest, whether an Authenticode signature is attached), Mach-O
files with macholib (each architecture slice's minimum macOS, build UUID and
whether it carries a code signature), ELF files from their fixed header. Both
libraries are the build extra's and are imported only when a file of theirs is
read, so ``build.spec`` can use this module on macOS, where PyInstaller brings
macholib. Used by ``tools/check_artifacts.py`` and by ``build.spec`` (the
``.app``'s ``LSMinimumSystemVersion``).

Windows reads a manifest's ``dpiAwareness`` (Windows 10 1607 and later) as a
list and takes the first value it knows, and ``dpiAware`` (the older
setting) only without it; either counts only in its own XML namespace. macOS
15 refuses a LAN connection with "No route to host", and never asks the
player, when Info.plist has no ``NSLocalNetworkUsageDescription``.
"""

from __future__ import annotations

import argparse
import plistlib
import struct
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

PE_MACHINES = {0x8664: "x86_64", 0xAA64: "arm64", 0x14C: "x86"}
PE_SUBSYSTEMS = {2: "gui", 3: "console"}
ELF_MACHINES = {62: "x86_64", 183: "arm64", 3: "x86"}
MACHO_MAGICS = {b"\xfe\xed\xfa\xce", b"\xce\xfa\xed\xfe", b"\xfe\xed\xfa\xcf", b"\xcf\xfa\xed\xfe"}
FAT_MAGICS = {b"\xca\xfe\xba\xbe", b"\xca\xfe\xba\xbf"}
RT_VERSION, RT_MANIFEST = 16, 24


@dataclass
class PeInfo:
    path: Path
    machine: str                        # x86_64, arm64, x86, or the number in hex
    subsystem: str                      # gui, console, or the number
    is_dll: bool
    version_strings: dict[str, str]     # the version resource's StringFileInfo (empty: no version resource)
    fixed_version: tuple[int, int, int, int] | None
    manifest: bytes | None              # the RT_MANIFEST resource
    signed: bool                        # an Authenticode certificate is attached

    @property
    def archs(self) -> set[str]:
        return {self.machine}


@dataclass
class MachOSlice:
    arch: str                           # x86_64, arm64, ...
    filetype: str                       # execute, dylib, bundle, ...
    minos: tuple[int, int, int] | None  # the oldest macOS it runs on (LC_BUILD_VERSION / LC_VERSION_MIN_MACOSX)
    uuid: str | None                    # LC_UUID, hex
    signed: bool                        # has LC_CODE_SIGNATURE


@dataclass
class MachOInfo:
    path: Path
    slices: list[MachOSlice] = field(default_factory=list)

    @property
    def archs(self) -> set[str]:
        return {s.arch for s in self.slices}

    def slice(self, arch: str) -> MachOSlice | None:
        return next((s for s in self.slices if s.arch == arch), None)


@dataclass
class ElfInfo:
    path: Path
    bits: int
    machine: str
    kind: str                           # executable, shared (position-independent executables are "shared")

    @property
    def archs(self) -> set[str]:
        return {self.machine}


def kind_of(path: Path) -> str | None:
    """``pe``, ``macho``, ``elf`` or None, from the file's first bytes."""
    try:
        with path.open("rb") as f:
            head = f.read(8)
    except OSError:
        return None
    if head[:2] == b"MZ":
        return "pe"
    if head[:4] in MACHO_MAGICS:
        return "macho"
    if head[:4] in FAT_MAGICS and 0 < struct.unpack(">I", head[4:8])[0] < 20:  # Java class files share the magic
        return "macho"
    if head[:4] == b"\x7fELF":
        return "elf"
    return None


def read_binary(path: Path) -> PeInfo | MachOInfo | ElfInfo | None:
    kind = kind_of(path)
    if kind == "pe":
        return read_pe(path)
    if kind == "macho":
        return read_macho(path)
    if kind == "elf":
        return read_elf(path)
    return None


def _text(value: bytes | str) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def read_pe(path: Path) -> PeInfo:
    import pefile

    pe = pefile.PE(str(path), fast_load=True)
    try:
        dirs = pefile.DIRECTORY_ENTRY
        pe.parse_data_directories(directories=[dirs["IMAGE_DIRECTORY_ENTRY_RESOURCE"]])
        strings: dict[str, str] = {}
        for group in getattr(pe, "FileInfo", None) or []:
            for info in group:
                for table in getattr(info, "StringTable", []):
                    strings.update({_text(k): _text(v) for k, v in table.entries.items()})
        fixed = None
        if getattr(pe, "VS_FIXEDFILEINFO", None):
            ffi = pe.VS_FIXEDFILEINFO[0]
            fixed = (ffi.FileVersionMS >> 16, ffi.FileVersionMS & 0xFFFF, ffi.FileVersionLS >> 16,
                     ffi.FileVersionLS & 0xFFFF)
        manifest = None
        for entry in getattr(getattr(pe, "DIRECTORY_ENTRY_RESOURCE", None), "entries", []):
            if entry.id == RT_MANIFEST and entry.directory.entries:
                langs = entry.directory.entries[0].directory.entries
                if langs:
                    data = langs[0].data.struct
                    manifest = pe.get_data(data.OffsetToData, data.Size)
        security = pe.OPTIONAL_HEADER.DATA_DIRECTORY[dirs["IMAGE_DIRECTORY_ENTRY_SECURITY"]]
        machine = pe.FILE_HEADER.Machine
        subsystem = pe.OPTIONAL_HEADER.Subsystem
        return PeInfo(path=path, machine=PE_MACHINES.get(machine, hex(machine)),
                      subsystem=PE_SUBSYSTEMS.get(subsystem, str(subsystem)), is_dll=pe.is_dll(),
                      version_strings=strings, fixed_version=fixed, manifest=manifest,
                      signed=security.VirtualAddress != 0 and security.Size > 0)
    finally:
        pe.close()


def _macos_version(packed: int) -> tuple[int, int, int]:
    """Mach-O's nibble-packed version (xxxx.yy.zz) as (major, minor, patch)."""
    return packed >> 16, (packed >> 8) & 0xFF, packed & 0xFF


def _arch(cputype: int, cpusubtype: int) -> str:
    if cputype == 0x01000007:
        return "x86_64h" if cpusubtype & 0xFF == 8 else "x86_64"
    if cputype == 0x0100000C:
        return "arm64e" if cpusubtype & 0xFF == 2 else "arm64"
    return {7: "i386", 12: "arm", 18: "ppc"}.get(cputype, hex(cputype))


def read_macho(path: Path) -> MachOInfo:
    from macholib import mach_o
    from macholib.MachO import MachO

    info = MachOInfo(path)
    for header in MachO(str(path)).headers:
        minos = uuid = None
        signed = False
        for load, cmd, _data in header.commands:
            if load.cmd == mach_o.LC_BUILD_VERSION and cmd.platform == 1:       # PLATFORM_MACOS
                minos = _macos_version(cmd.minos)
            elif load.cmd == mach_o.LC_VERSION_MIN_MACOSX:
                minos = _macos_version(cmd.version)
            elif load.cmd == mach_o.LC_UUID:
                uuid = bytes(cmd.uuid).hex()
            elif load.cmd == mach_o.LC_CODE_SIGNATURE:
                signed = True
        filetype = mach_o.MH_FILETYPE_SHORTNAMES.get(header.header.filetype, str(header.header.filetype))
        info.slices.append(MachOSlice(_arch(header.header.cputype, header.header.cpusubtype), filetype, minos, uuid,
                                      signed))
    return info


def read_elf(path: Path) -> ElfInfo:
    with path.open("rb") as f:
        head = f.read(20)
    bits = {1: 32, 2: 64}.get(head[4], 0)
    order = "<" if head[5] == 1 else ">"
    e_type, e_machine = struct.unpack(order + "HH", head[16:20])
    kind = {2: "executable", 3: "shared"}.get(e_type, str(e_type))
    return ElfInfo(path, bits, ELF_MACHINES.get(e_machine, str(e_machine)), kind)


def version_text(version: tuple[int, int, int]) -> str:
    """``11.0`` or ``10.13.4``: how Info.plist writes a macOS version."""
    major, minor, patch = version
    return f"{major}.{minor}.{patch}" if patch else f"{major}.{minor}"


def parse_version(text: str) -> tuple[int, int, int]:
    parts = [int(p) for p in text.strip().split(".")]
    if not 1 <= len(parts) <= 3:
        raise ValueError(f"not a macOS version: {text!r}")
    return (*parts, 0, 0)[:3]  # type: ignore[return-value]


def macos_minimum(paths: Iterable[str | Path], arch: str | None = None) -> tuple[int, int, int] | None:
    """The newest minimum macOS among the Mach-O files in ``paths`` (their ``arch`` slice, or every slice)."""
    found = []
    for p in paths:
        path = Path(p)
        if not path.is_file() or kind_of(path) != "macho":
            continue
        for s in read_macho(path).slices:
            if s.minos is not None and (arch is None or s.arch == arch):
                found.append(s.minos)
    return max(found) if found else None


# -- what the app declares: the Windows manifest, the macOS Info.plist ---------------------------------------

SMI_2005 = "http://schemas.microsoft.com/SMI/2005/WindowsSettings"
SMI_2016 = "http://schemas.microsoft.com/SMI/2016/WindowsSettings"


def _local(tag: str) -> tuple[str, str]:
    """(namespace, local name) of an ElementTree tag like ``{ns}name``."""
    if tag.startswith("{"):
        ns, _, name = tag[1:].partition("}")
        return ns, name
    return "", tag


def windows_manifest_problems(manifest: bytes) -> list[str]:
    """What keeps a Windows manifest from giving a sharp, per-monitor DPI-aware window run as the user."""
    try:
        root = ET.fromstring(manifest.rstrip(b"\x00 \r\n\t"))
    except ET.ParseError as exc:
        return [f"not well-formed XML ({exc})"]
    problems = []
    found = {_local(el.tag): (el.text or "").strip() for el in root.iter()}
    wrong_ns = [f"{name} in {ns or 'no namespace'}" for (ns, name) in found
                if name in ("dpiAware", "dpiAwareness") and ns not in (SMI_2005, SMI_2016)]
    if wrong_ns:
        problems.append(f"{', '.join(wrong_ns)}: Windows ignores DPI settings outside their namespaces")
    awareness = [v.strip().lower() for v in found.get((SMI_2016, "dpiAwareness"), "").split(",") if v.strip()]
    if not awareness:
        problems.append("no dpiAwareness: Windows stretches the window's bitmap at 125-200 % scaling")
    elif awareness[0] != "permonitorv2":
        problems.append(f"dpiAwareness starts with {awareness[0]!r}, not PerMonitorV2")
    legacy = found.get((SMI_2005, "dpiAware"))
    if legacy is not None and legacy.lower() not in ("true/pm", "per monitor", "true"):
        problems.append(f"dpiAware {legacy!r}: older Windows would stretch the window")
    levels = [el.get("level") for el in root.iter() if _local(el.tag)[1] == "requestedExecutionLevel"]
    if any(level != "asInvoker" for level in levels):
        problems.append(f"requestedExecutionLevel {levels}: the game must run as the user, never ask for admin")
    return problems


def read_plist(path: Path) -> dict | None:
    try:
        with path.open("rb") as f:
            data = plistlib.load(f)
    except (OSError, plistlib.InvalidFileException, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _plist_text(plist: dict, key: str) -> str:
    value = plist.get(key)
    return value.strip() if isinstance(value, str) else ""


def info_plist_problems(plist: dict, version: str) -> list[str]:
    """The keys an Info.plist of Tá Lả.app lacks or has wrong (LSMinimumSystemVersion's value is checked apart)."""
    problems = []
    for key in ("CFBundleExecutable", "CFBundleIdentifier", "LSMinimumSystemVersion"):
        if not _plist_text(plist, key):
            problems.append(f"no {key}")
    if plist.get("CFBundlePackageType") != "APPL":
        problems.append(f"CFBundlePackageType {plist.get('CFBundlePackageType')!r}, not 'APPL'")
    if plist.get("CFBundleShortVersionString") != version:
        problems.append(f"CFBundleShortVersionString {plist.get('CFBundleShortVersionString')!r}, not {version!r}")
    if plist.get("NSHighResolutionCapable") is not True:
        problems.append("NSHighResolutionCapable is not true: the window would be blurry on a Retina screen")
    if not _plist_text(plist, "NSLocalNetworkUsageDescription"):
        problems.append("no NSLocalNetworkUsageDescription: macOS 15 would refuse LAN play (\"No route to host\") "
                        "without asking the player")
    return problems


# -- the command line ------------------------------------------------------------------------------------------------

def describe(path: Path) -> list[str]:
    """One line per binary (per slice of a universal Mach-O) or Info.plist: what it says about itself."""
    if path.name == "Info.plist":
        plist = read_plist(path)
        if plist is None:
            return [f"{path}: not a readable property list"]
        keys = ("CFBundleExecutable", "CFBundleShortVersionString", "LSMinimumSystemVersion", "NSHighResolutionCapable")
        local = "set" if plist.get("NSLocalNetworkUsageDescription") else "none"
        return [f"{path}: " + ", ".join(f"{k}={plist.get(k)!r}" for k in keys)
                + f", NSLocalNetworkUsageDescription {local}"]
    info = read_binary(path)
    if isinstance(info, PeInfo):
        problems = windows_manifest_problems(info.manifest) if info.manifest else ["no manifest"]
        return [f"{path}: PE {info.machine} {'dll' if info.is_dll else info.subsystem}, version "
                f"{info.version_strings.get('FileVersion', 'none')}, manifest: {'; '.join(problems) or 'DPI aware'}, "
                f"{'signed' if info.signed else 'unsigned'}"]
    if isinstance(info, MachOInfo):
        return [f"{path}: Mach-O {s.arch} {s.filetype}, macOS {version_text(s.minos) if s.minos else '?'} or later, "
                f"UUID {s.uuid or 'none'}, {'signed' if s.signed else 'unsigned'}" for s in info.slices]
    if isinstance(info, ElfInfo):
        return [f"{path}: ELF {info.bits}-bit {info.machine} {info.kind}"]
    return [f"{path}: not a PE, Mach-O or ELF file"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path, metavar="FILE", help="executables, libraries or Info.plist files")
    args = ap.parse_args(argv)
    for path in args.files:
        print(*describe(path), sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
