; The Windows installer of Tá Lả Desktop (NSIS 3, Modern UI 2): a per-user install of the one-folder app.
;
;     python tools/build_installer.py      # dist/TaLa-VERSION-windows-x86_64-setup.exe from dist/TaLa/
;
; tools/build_installer.py runs makensis on this file with -INPUTCHARSET UTF8 and these defines:
;   VERSION   the app's version (tala_desktop.__version__)     BUNDLE    the one-folder app (dist\TaLa)
;   OUTFILE   the setup program to write                       ICON      assets/icon.ico (the app's own icon)
;   SIDE_PICTURE  the welcome and finish pages' picture (tools/windows_installer_side.bmp, by tools/make_icon.py)
;   LICENSE   the project's licence (a UTF-8 copy with a BOM)   SIZE_KB   the app's size, for Apps & features
;   VI_VERSION the version as four numbers (the setup program's version resource)
;   APP_FILES an include file whose macro REMOVE_APP_FILES deletes the bundle's top-level files and folders
;
; What a player gets (README: Installing the app):
; - no administrator prompt: everything goes under the player's own profile, the app in
;   %LOCALAPPDATA%\Programs\TaLa (the folder Windows itself suggests for per-user apps), the shortcuts in their
;   Start menu and on their desktop, the Apps & features entry under HKCU;
; - the pages in Vietnamese or English: a language dialog first, preselected from Windows' own language;
; - the player's data (%LOCALAPPDATA%\TaLaDesktop: profile, chips, history, settings, the log) is never inside
;   the app's folder, so installing a newer version over an older one keeps it; the older version's own
;   uninstaller removes its files first (silently, keeping the data), so none of them is left beside the new ones;
; - the uninstaller (Apps & features, or uninstall.exe) removes the app, its shortcuts and its entry, and the
;   data folder only when the player ticks "Player data" on its components page. Silently:
;       TaLa-...-setup.exe /S [/D=C:\Games\TaLa]     uninstall.exe /S [/REMOVEDATA=1]
;   (/D= last and unquoted, as NSIS wants it); a silent uninstall keeps the data unless /REMOVEDATA=1.
; - a running game (TaLa.exe or TaLa-server.exe of that folder) cannot be replaced or removed: the installer and
;   the uninstaller say so and wait for the player to close it (silently they stop with exit code 2).
;
; 64-bit (amd64-unicode): the app runs on 64-bit Windows only, and a 64-bit setup program also runs on a Wine
; without 32-bit support, where tools/check_installer.py tests it.

Unicode true
Target amd64-unicode
SetCompressor /SOLID lzma
ManifestDPIAware true
RequestExecutionLevel user

!include MUI2.nsh
!include LogicLib.nsh
!include FileFunc.nsh
!include "${APP_FILES}"

!define APP_NAME "Tá Lả Desktop"
!define SHORTCUT_NAME "Tá Lả"
!define PUBLISHER "The Tá Lả Desktop developers"
!define APP_EXE "TaLa.exe"
!define SERVER_EXE "TaLa-server.exe"
!define UNINSTALLER "uninstall.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\TaLaDesktop"
!define DATA_FOLDER "$LOCALAPPDATA\TaLaDesktop"
!define EXIT_APP_RUNNING 2
!define EXIT_DATA_LEFT 3

Name "${APP_NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\TaLa"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${APP_NAME} ${VERSION}"
ShowInstDetails show
ShowUninstDetails show

VIProductVersion "${VI_VERSION}"
VIFileVersion "${VI_VERSION}"
VIAddVersionKey /LANG=0 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP_NAME} ${VERSION} setup"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT licence"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_WELCOMEFINISHPAGE_BITMAP "${SIDE_PICTURE}"
!define MUI_ABORTWARNING
!define MUI_UNABORTWARNING
; the language the player picked, kept in the app's own Apps & features entry (removed with it) for the uninstaller
!define MUI_LANGDLL_REGISTRY_ROOT HKCU
!define MUI_LANGDLL_REGISTRY_KEY "${UNINSTALL_KEY}"
!define MUI_LANGDLL_REGISTRY_VALUENAME "Installer Language"
!define MUI_LANGDLL_ALLLANGUAGES
!define MUI_LANGDLL_WINDOWTITLE "Tá Lả Desktop"
!define MUI_LANGDLL_INFO "Chọn ngôn ngữ cài đặt.$\r$\nPlease select the installer's language."

; -- the installer's pages ---------------------------------------------------------------------------------------
!insertmacro MUI_PAGE_WELCOME
!define MUI_LICENSEPAGE_TEXT_BOTTOM "$(LicenceBottom)"
!insertmacro MUI_PAGE_LICENSE "${LICENSE}"
!define MUI_PAGE_CUSTOMFUNCTION_PRE SkipFolderOnUpdate
!define MUI_PAGE_CUSTOMFUNCTION_LEAVE AskToCloseTheGame
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"
!insertmacro MUI_PAGE_FINISH

; -- the uninstaller's pages -------------------------------------------------------------------------------------
!insertmacro MUI_UNPAGE_CONFIRM
!define MUI_COMPONENTSPAGE_TEXT_TOP "$(DataChoice)"
!define MUI_PAGE_CUSTOMFUNCTION_PRE un.NameTheParts
!define MUI_PAGE_CUSTOMFUNCTION_LEAVE un.AskToCloseTheGame
!insertmacro MUI_UNPAGE_COMPONENTS
!insertmacro MUI_UNPAGE_INSTFILES

; the first language is the fallback when Windows speaks neither
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Vietnamese"

; -- the texts of this installer (MUI translates its own) --------------------------------------------------------
LangString LicenceBottom ${LANG_ENGLISH} "Tá Lả Desktop is free software under the MIT licence above. The licences \
of the libraries inside it are in the app's folder, _internal\assets\licenses."
LangString LicenceBottom ${LANG_VIETNAMESE} "Tá Lả Desktop là phần mềm tự do theo giấy phép MIT ở trên. Giấy phép \
của các thư viện đi kèm nằm trong thư mục của trò chơi, _internal\assets\licenses."
LangString GameRunning ${LANG_ENGLISH} "Tá Lả is running from $INSTDIR.$\r$\n$\r$\nClose the game (and the \
Tá Lả server window, if one is open), then click Retry. Cancel stops here and changes nothing."
LangString GameRunning ${LANG_VIETNAMESE} "Tá Lả đang chạy từ $INSTDIR.$\r$\n$\r$\nHãy đóng trò chơi (và cửa sổ \
máy chủ Tá Lả nếu đang mở) rồi bấm Thử lại (Retry). Bấm Hủy (Cancel) để dừng lại, không thay đổi gì."
LangString SectionApp ${LANG_ENGLISH} "The Tá Lả game"
LangString SectionApp ${LANG_VIETNAMESE} "Trò chơi Tá Lả"
LangString SectionData ${LANG_ENGLISH} "Player data"
LangString SectionData ${LANG_VIETNAMESE} "Dữ liệu người chơi"
LangString SectionAppInfo ${LANG_ENGLISH} "The game's folder, its Start menu and desktop shortcuts and its \
entry in Apps & features."
LangString SectionAppInfo ${LANG_VIETNAMESE} "Thư mục trò chơi, lối tắt trong menu Start và trên màn hình, mục \
của trò chơi trong Apps & features."
LangString SectionDataInfo ${LANG_ENGLISH} "Also delete ${DATA_FOLDER}: your profile, chips, game history, \
settings and the game's log. This cannot be undone."
LangString SectionDataInfo ${LANG_VIETNAMESE} "Xóa luôn ${DATA_FOLDER}: hồ sơ, tiền, lịch sử ván, cài đặt và \
nhật ký của trò chơi. Không thể khôi phục."
LangString DataChoice ${LANG_ENGLISH} "The game is removed. Your profile, chips and game history stay in \
${DATA_FOLDER} for a later install, unless you tick Player data."
LangString DataChoice ${LANG_VIETNAMESE} "Trò chơi sẽ được gỡ. Hồ sơ, tiền và lịch sử ván của bạn vẫn được giữ \
trong ${DATA_FOLDER} cho lần cài sau, trừ khi bạn đánh dấu Dữ liệu người chơi."
LangString DataLeft ${LANG_ENGLISH} "Some of your data could not be removed: ${DATA_FOLDER}$\r$\n$\r$\nClose every \
copy of Tá Lả, then delete that folder yourself."
LangString DataLeft ${LANG_VIETNAMESE} "Không xóa được hết dữ liệu của bạn: ${DATA_FOLDER}$\r$\n$\r$\nHãy đóng mọi \
cửa sổ Tá Lả rồi tự xóa thư mục đó."

; -- is the game of this folder running? ---------------------------------------------------------------------------
; Windows does not let a running program's file be opened for writing: the test needs no plugin and looks at
; exactly the copy that would be replaced (another copy elsewhere, from a zip, is no obstacle).
!macro IS_RUNNING EXE RESULT
  ${If} ${FileExists} "$INSTDIR\${EXE}"
    ClearErrors
    FileOpen $R9 "$INSTDIR\${EXE}" a
    ${If} ${Errors}
      StrCpy ${RESULT} 1
    ${Else}
      FileClose $R9
    ${EndIf}
  ${EndIf}
!macroend

; Ask until the game is closed; $R8 is 1 if the player cancelled (silently: at once, with EXIT_APP_RUNNING).
!macro ASK_TO_CLOSE_THE_GAME
  StrCpy $R8 0
  ${Do}
    StrCpy $R7 0
    !insertmacro IS_RUNNING "${APP_EXE}" $R7
    !insertmacro IS_RUNNING "${SERVER_EXE}" $R7
    ${If} $R7 == 0
      ${Break}
    ${EndIf}
    MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "$(GameRunning)" /SD IDCANCEL IDRETRY +2
    StrCpy $R8 1
    ${If} $R8 == 1
      SetErrorLevel ${EXIT_APP_RUNNING}
      ${Break}
    ${EndIf}
  ${Loop}
!macroend

Function AskToCloseTheGame
  !insertmacro ASK_TO_CLOSE_THE_GAME
  ${If} $R8 == 1
    Abort  ; stays on the folder page
  ${EndIf}
FunctionEnd

Function un.AskToCloseTheGame
  !insertmacro ASK_TO_CLOSE_THE_GAME
  ${If} $R8 == 1
    Abort
  ${EndIf}
FunctionEnd

; -- installing ----------------------------------------------------------------------------------------------------
Function .onInit
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

; An update goes where the game already is: the folder page is for a first install.
Function SkipFolderOnUpdate
  ReadRegStr $R0 HKCU "${UNINSTALL_KEY}" "InstallLocation"
  ${If} $R0 != ""
  ${AndIf} ${FileExists} "$R0\${APP_EXE}"
    Abort
  ${EndIf}
FunctionEnd

Section "-app"
  ; silently nobody saw the folder page: ask (and stop) here, before anything is changed
  !insertmacro ASK_TO_CLOSE_THE_GAME
  ${If} $R8 == 1
    DetailPrint "$(GameRunning)"
    Quit
  ${EndIf}
  ; The version installed before goes first, wherever it was (silently /D= may name another folder): its own
  ; uninstaller knows its files (a file this version no longer has included), run silently in place, so the
  ; player's data stays. What is left of it (or of an app unpacked from the zip there) goes by this version's list.
  ReadRegStr $R0 HKCU "${UNINSTALL_KEY}" "InstallLocation"
  ${If} $R0 == ""
    StrCpy $R0 $INSTDIR
  ${EndIf}
  ${If} ${FileExists} "$R0\${UNINSTALLER}"
    DetailPrint "$R0\${UNINSTALLER} /S"
    ExecWait '"$R0\${UNINSTALLER}" /S _?=$R0'
    Delete "$R0\${UNINSTALLER}"
  ${EndIf}
  ${If} $R0 != $INSTDIR
    !insertmacro REMOVE_APP_FILES "$R0"
    RMDir "$R0"
  ${EndIf}
  !insertmacro REMOVE_APP_FILES "$INSTDIR"
  SetOutPath "$INSTDIR"
  File /r "${BUNDLE}\*"
  WriteUninstaller "$INSTDIR\${UNINSTALLER}"

  ; the shortcuts start the game in its folder, with the icon TaLa.exe carries
  CreateShortcut "$SMPROGRAMS\${SHORTCUT_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0
  CreateShortcut "$DESKTOP\${SHORTCUT_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0

  ; Apps & features (Settings > Apps > Installed apps)
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\${UNINSTALLER}"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\${UNINSTALLER}" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" ${SIZE_KB}
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

; -- uninstalling --------------------------------------------------------------------------------------------------
Section "un.Game" UnSectionApp
  SectionIn RO
  ; the components page asked already; silently this is the only check
  !insertmacro ASK_TO_CLOSE_THE_GAME
  ${If} $R8 == 1
    DetailPrint "$(GameRunning)"
    Quit
  ${EndIf}
  !insertmacro REMOVE_APP_FILES "$INSTDIR"
  Delete "$INSTDIR\${UNINSTALLER}"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${SHORTCUT_NAME}.lnk"
  Delete "$DESKTOP\${SHORTCUT_NAME}.lnk"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd

Section /o "un.Player data" UnSectionData
  RMDir /r "${DATA_FOLDER}"
  ${If} ${FileExists} "${DATA_FOLDER}\*.*"
    MessageBox MB_OK|MB_ICONEXCLAMATION "$(DataLeft)" /SD IDOK
    SetErrorLevel ${EXIT_DATA_LEFT}
  ${EndIf}
SectionEnd

!insertmacro MUI_UNFUNCTION_DESCRIPTION_BEGIN
  !insertmacro MUI_DESCRIPTION_TEXT ${UnSectionApp} "$(SectionAppInfo)"
  !insertmacro MUI_DESCRIPTION_TEXT ${UnSectionData} "$(SectionDataInfo)"
!insertmacro MUI_UNFUNCTION_DESCRIPTION_END

; the parts' names in the language picked (a language chosen in un.onInit applies only after it returns)
Function un.NameTheParts
  SectionSetText ${UnSectionApp} "$(SectionApp)"
  SectionSetText ${UnSectionData} "$(SectionData)"
FunctionEnd

Function un.onInit
  !insertmacro MUI_UNGETLANGUAGE
  ; uninstall.exe /S /REMOVEDATA=1: the silent way to tick Player data
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/REMOVEDATA=" $R1
  ${IfNot} ${Errors}
  ${AndIf} $R1 == 1
    SectionSetFlags ${UnSectionData} ${SF_SELECTED}
  ${EndIf}
FunctionEnd
