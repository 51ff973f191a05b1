"""Every word the command line says, in Japanese and English, from one table.

A message is a key of :data:`TABLE` with named fields. :func:`say` makes one: a ``str``
whose text is the English (so logs, exceptions and tests read it as before) that also
knows its key, and :func:`shown` renders it in the language of the run. The language is
``--lang`` when given, else the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that
names a language (``ja…`` gives Japanese, any other language English); the C/POSIX
locale names none, and then it is Japanese: the people this is for read Japanese first.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Mapping
from typing import Literal, Protocol, runtime_checkable

Lang = Literal["ja", "en"]
LANGS: tuple[Lang, ...] = ("ja", "en")

TABLE: dict[str, tuple[str, str]] = {
    # --- help texts ---------------------------------------------------------------------
    "help.main": ("クラブのレーティング表: ブックを作る、計算する、点検して直す。",
                  "Rating sheets for clubs: build workbooks, rate logs, audit and repair."),
    "help.lang": ("表示の言語 (既定: LANG/LC_ALL から、なければ日本語)。",
                  "Language of the messages (default: from LANG/LC_ALL, else Japanese)."),
    "help.functions": ("ワークシート関数の一覧 (書式と 1 行の説明)。",
                       "List the worksheet functions with their signatures and one line of "
                       "help."),
    "help.markdown": ("Markdown の表で出す (README の表)。",
                      "Print a Markdown table (the README's)."),
    "help.rate": ("対局記録 (見出し行つき CSV) からレーティング表を計算して表示します。",
                  "Print the rating list computed by the engine from a game log (CSV with a "
                  "header)."),
    "help.system": ("レーティングの規則。", "The rating rule."),
    "help.monthly": ("月ごとに計算する、または 1 局ごと (既定: その規則の台帳と同じ。"
                     "と金は月ごと)。",
                     "Rate by month lists or game by game (default: as the rule's ledger "
                     "does; Tokin by month)."),
    "help.initial": ("全員の開始レート。", "Starting rating of every player."),
    "help.format": ("出力の形 (表 または CSV)。", "Output as a table or as CSV."),
    "help.list_lang": ("レーティング表の見出しの言語。", "Language of the rating list's headings."),
    "help.skip_bad": ("読めない行を一覧にして、残りで続ける。",
                      "Go on with the good rows and list the bad ones."),
    "help.new_players": ("名簿の誰かに似た名前も新しい会員として登録する。",
                         "Accept names close to a member's as new members."),
    "help.import": ("対局記録 (見出し行つき CSV) を入れたクラブ台帳を作ります。",
                    "Build a club ledger pre-filled from a game log (CSV with a header)."),
    "help.template": ("台帳のテンプレート (例 templates/ledger_tokin_ja.toml)。",
                      "A ledger template, e.g. templates/ledger_tokin_ja.toml."),
    "help.import_out": ("新しい台帳 (.xlsx)。同じ名前のファイルは上書きしません。",
                        "The new ledger (.xlsx); an existing file is never overwritten."),
    "help.build": ("テンプレートからブックを作ります (既定: templates/*.toml をすべて dist/ へ)。",
                   "Build workbooks from TEMPLATES (default: every templates/*.toml into "
                   "dist/)."),
    "help.out_dir": ("出力先のフォルダ (既定: dist/)。", "Output folder (default: dist/)."),
    "help.build_lang": ("テンプレートの言語の代わりにこの言語で作る。",
                        "Override the templates' language."),
    "help.password": ("このパスワードでシートを保護する。",
                      "Protect the sheets with this password."),
    "help.lite": ("xlwings Lite 用の main.py と requirements.txt を書きます。",
                  "Write main.py and requirements.txt for xlwings Lite (Excel on Windows, Mac, "
                  "the web)."),
    "help.lite_out": ("出力先のフォルダ (既定: dist/lite/)。",
                      "Output folder (default: dist/lite/)."),
    "help.describe": ("作ったブックの名前付き範囲の一覧: シート、範囲、役割、型、入力できる値。",
                      "List the named ranges of a built workbook: sheet, range, role, type, "
                      "allowed values."),
    "help.json": ("表の代わりに JSON で出す。", "Print JSON instead of a table."),
    "help.render": ("テンプレートごとに対局シート (とグラフ) を LibreOffice で PNG にします。",
                    "Render each template's Games sheet (and chart) to PNG with LibreOffice."),
    "help.render_out": ("画像のフォルダ (既定: docs/img/)。",
                        "Picture folder (default: docs/img/)."),
    "help.example": ("例の対局を入れる (既定) か、空のシートを写す。",
                     "Fill a few example games (default) or show the empty sheet."),
    "help.lint": ("FILES のすべての計算式を Excel 2010 / LibreOffice 7.4 の関数で確かめます。",
                  "Check every formula in FILES against the Excel 2010 / LibreOffice 7.4 "
                  "function set."),
    "help.audit": ("計算されるセルをすべてエンジンで計算し直し、違うものを一覧にします "
                   "(あれば終了コード 1)。",
                   "Recompute every computed cell with the engine; list each that differs "
                   "(exit 1)."),
    "help.repair": ("入力した値をすべて引き継いで、ブックをテンプレートから作り直します。"
                    "--rows / --players で行数を増やせます (いっぱいになった台帳の続きに)。",
                    "Rebuild a workbook from its template, carrying every typed input over. "
                    "With --rows / --players the new workbook has that many game / Players "
                    "rows, so a club whose ledger is full carries on in a bigger one."),
    "help.repair_out": ("直したコピーの書き出し先 (元のファイルは書き換えません)。",
                        "Where to write the repaired copy (never the input)."),
    "help.rows": ("新しいブックの対局の行数 (台帳を大きくするとき)。",
                  "Game rows of the new workbook (a full ledger grows)."),
    "help.players": ("新しい台帳の名簿の行数。", "Players rows of the new ledger."),
    # --- click's own words (its gettext keys, the ones this command line can show) -------
    "Usage:": ("使い方:", "Usage:"),
    "Options": ("オプション", "Options"),
    "Commands": ("コマンド", "Commands"),
    "Show this message and exit.": ("この説明を表示して終わる。", "Show this message and exit."),
    "Show the version and exit.": ("版を表示して終わる。", "Show the version and exit."),
    "%(prog)s, version %(version)s": ("%(prog)s 版 %(version)s",
                                      "%(prog)s, version %(version)s"),
    "Error: {message}": ("エラー: {message}", "Error: {message}"),
    "Try '{command} {option}' for help.": ("説明は '{command} {option}' で表示できます。",
                                           "Try '{command} {option}' for help."),
    "Missing argument": ("引数がありません", "Missing argument"),
    "Missing option": ("オプションがありません", "Missing option"),
    "Missing parameter": ("値がありません", "Missing parameter"),
    "Missing command.": ("コマンドがありません。", "Missing command."),
    "Missing {param_type}": ("{param_type} がありません", "Missing {param_type}"),
    "Invalid value: {message}": ("値が正しくありません: {message}", "Invalid value: {message}"),
    "Invalid value for {param_hint}: {message}": ("{param_hint} の値が正しくありません: {message}",
                                                  "Invalid value for {param_hint}: {message}"),
    "No such command {name!r}.": ("コマンド {name!r} はありません。", "No such command {name!r}."),
    "No such option {name!r}.": ("オプション {name!r} はありません。", "No such option {name!r}."),
    "Did you mean {possibility}?": ("{possibility} のことですか?", "Did you mean {possibility}?"),
    "(Did you mean one of: {possibilities}?)": ("({possibilities} のどれかのことですか?)",
                                                "(Did you mean one of: {possibilities}?)"),
    "Option {name!r} requires an argument.": ("オプション {name!r} には値が要ります。",
                                              "Option {name!r} requires an argument."),
    "Option {name!r} does not take a value.": ("オプション {name!r} は値をとりません。",
                                               "Option {name!r} does not take a value."),
    "Got unexpected extra argument ({args})": ("余分な引数があります ({args})",
                                               "Got unexpected extra argument ({args})"),
    "Got unexpected extra arguments ({args})": ("余分な引数があります ({args})",
                                                "Got unexpected extra arguments ({args})"),
    "{value!r} is not {choice}.": ("{value!r} は {choice} ではありません。",
                                   "{value!r} is not {choice}."),
    "{value!r} is not one of {choices}.": ("{value!r} は {choices} のどれでもありません。",
                                           "{value!r} is not one of {choices}."),
    "{value!r} is not a valid {number_type}.": ("{value!r} は数ではありません。",
                                                "{value!r} is not a valid {number_type}."),
    "{name} {filename!r} does not exist.": ("{name} {filename!r} がありません。",
                                            "{name} {filename!r} does not exist."),
    "{name} {filename!r} is a directory.": ("{name} {filename!r} はフォルダです。",
                                            "{name} {filename!r} is a directory."),
    "{name} {filename!r} is a file.": ("{name} {filename!r} はファイルです。",
                                       "{name} {filename!r} is a file."),
    "file": ("ファイル", "file"),
    "directory": ("フォルダ", "directory"),
    "path": ("パス", "path"),
    "Aborted!": ("中止しました。", "Aborted!"),
    "default: {default}": ("既定: {default}", "default: {default}"),
    "required": ("必須", "required"),
    # --- what commands print --------------------------------------------------------------
    "cli.bad_initial": ("--initial {value!r} は有限の数ではありません",
                        "--initial {value!r} is not a finite number"),
    "cli.monthly_default": ("{system}: 台帳と同じく月ごとに計算します (1 局ごとは --per-game)",
                            "{system}: rated by month lists, as its ledger does (--per-game "
                            "to rate game by game)"),
    "cli.line": ("{file}:{line}: {reason}", "{file}:{line}: {reason}"),
    "cli.note": ("{file}: {note}", "{file}: {note}"),
    "cli.rows_unread": ("{count} 行を読めませんでした。直すか、--skip-bad を付けてください",
                        "{count} row(s) could not be read; fix them or pass --skip-bad"),
    "cli.skipped": ("{file}:{line}: 飛ばしました: {reason}",
                    "{file}:{line}: skipped: {reason}"),
    "cli.imported": ("{out}: {games} 局、{players} 人", "{out}: {games} games, {players} players"),
    "cli.new_members": ("新しい会員 ({count} 人): {names}", "new members ({count}): {names}"),
    "cli.at_line": ("{line} 行目: {message}", "line {line}: {message}"),
    "cli.no_templates": ("{folder} にテンプレートがありません", "no templates found in {folder}"),
    "cli.written": ("{path}  ({size:,} バイト)", "{path}  ({size:,} bytes)"),
    "cli.lint_problems": ("計算式の問題が {count} 件", "{count} formula problem(s)"),
    "cli.lint_fine": ("{count} 個のブック: 計算式はすべて問題なし",
                      "{count} workbook(s): all formulas fine"),
    "cli.problem": ("問題: {text}", "problem: {text}"),
    "cli.note_line": ("注: {text}", "note: {text}"),
    "cli.audit_summary": ("計算されるセル {checked} 個を確かめました。違うもの {differ} 個",
                          "{checked} computed cells checked, {differ} differ"),
    "cli.not_calculated": ("、一度も計算されていないもの {count} 個 (表計算ソフトで開いて保存)",
                           ", {count} never calculated (open and save in a spreadsheet)"),
    "cli.to_fix": ("直し方: {command}", "to fix: {command}"),
    "cli.restored": ("戻しました: {text}", "restored: {text}"),
    "cli.not_carried": ("引き継げませんでした: {text}", "not carried: {text}"),
    "cli.repaired": ("{out}: {rows} 行を引き継ぎました", "{out}: {rows} rows carried over"),
    "cli.repaired_lost": ("{out}: {rows} 行を引き継ぎました。{lost} 件は引き継げません"
                          "でした (上の一覧)",
                          "{out}: {rows} rows carried over; {lost} left out, listed above"),
    # --- reading a game log ---------------------------------------------------------------
    "log.mixed": ("{bad} 行目は UTF-8 ではありませんが {good} 行目は UTF-8 です: 文字コードが"
                  "混ざっています (UTF-8 か Shift_JIS のどちらかで保存し直してください)",
                  "line {bad} is not UTF-8 but line {good} is: the file mixes encodings (save "
                  "it again as UTF-8 or as Shift_JIS)"),
    "log.bom": ("{line} 行目は UTF-8 ではありません (ファイルの先頭は UTF-8 の BOM): 一つの"
                "文字コードで保存し直してください",
                "line {line} is not UTF-8 although the file starts with a UTF-8 byte-order "
                "mark (save it again in one encoding)"),
    "log.encoding": ("UTF-8 でも Shift_JIS でもありません ({line} 行目、{byte} バイト目: "
                     "{sample})",
                     "the file is neither UTF-8 nor Shift_JIS (line {line}, byte {byte}: "
                     "{sample})"),
    "log.system": ("規則 {system!r} はありません ({known} のどれか)",
                   "system {system!r} is not one of {known}"),
    "log.too_big": ("{path}: {size} バイトは大きすぎます (最大 {limit} バイト)",
                    "{path}: {size} bytes is larger than {limit} bytes"),
    "log.os": ("{path}: {reason}", "{path}: {reason}"),
    "os.ENOENT": ("ファイルがありません", "no such file"),
    "os.EACCES": ("読み書きの権限がありません", "permission denied"),
    "os.EISDIR": ("フォルダです (ファイルを指定してください)", "is a folder, not a file"),
    "os.ENOSPC": ("ディスクがいっぱいです", "the disk is full"),
    "os.EROFS": ("書き込みできない場所です", "read-only file system"),
    "log.no_date_column": ("見出し {header!r} に日付の列がありません: 月ごとの計算には"
                           "すべての対局の日付が要ります",
                           "header {header!r} has no date column: monthly rating lists need "
                           "the date of every game"),
    "log.empty": ("ファイルが空です: 見出しの行が要ります",
                  "the file is empty: a header row is needed"),
    "log.long_field": ("{limit:,} 文字より長い欄があります",
                       "a field is longer than {limit:,} characters"),
    "log.not_log": ("{line} 行目: {reason}。対局記録ではありません",
                    "line {line}: {reason}; not a game log"),
    "log.header": ("見出し {header!r} に {system} の列 {missing} がありません",
                   "header {header!r} lacks column(s) {missing} for {system}"),
    "log.overflow_many": ("{limit} 局を超える対局のレート変化が表計算ソフトで扱える数を"
                          "超えます。対局記録ではありません",
                          "more than {limit} games give rating changes beyond what a "
                          "spreadsheet can hold; not a game log"),
    # --- a bad line: {field} is the column's name in the message's language ---------------
    "row.result": ("{field} {value!r} は {wanted} にしてください",
                   "{field} {value!r} must be {wanted}"),
    "row.not_number": ("{field} {value!r} は数ではありません", "{field} {value!r} is not a number"),
    "row.not_finite": ("{field} {value!r} は有限の数ではありません",
                       "{field} {value!r} is not a finite number"),
    "row.too_large": ("{field} {value!r} は {limit:.0e} より大きい数です: 表計算ソフトは 15 桁まで",
                      "{field} {value!r} is larger than {limit:.0e}: a spreadsheet keeps 15 "
                      "digits"),
    "row.not_whole": ("{field} {value!r} は {minimum} 以上の整数にしてください",
                      "{field} {value!r} must be a whole number, {minimum} or more"),
    "row.not_date": ("{field} {value!r} は 2026/5/26 のような日付ではありません",
                     "{field} {value!r} is not a date like 2026/5/26"),
    "row.blank": ("{field} が空欄です", "{field} is blank"),
    "row.too_long": ("{field} {value!r} は {length:,} 文字あります。セルに入るのは {limit:,} "
                     "文字まで",
                     "{field} {value!r} is {length:,} characters long; a cell holds at most "
                     "{limit:,}"),
    "row.handicap": ("{field} {value!r} は一覧 ({known}) にありません",
                     "{field} {value!r} is not one of the list ({known})"),
    "row.same_player": ("同じ対局者 {name!r} が両方にいます", "the same player {name!r} is on both "
                        "sides"),
    "row.same_player_spelt": ("同じ対局者 {name!r} が両方にいます ({a!r} と {b!r})",
                              "the same player {name!r} is on both sides ({a!r} and {b!r})"),
    "row.no_date": ("{field} が空欄です: 月ごとの計算にはすべての対局の日付が要ります",
                    "{field} is blank: monthly rating lists need the date of every game"),
    "row.month_order": ("{field} {value!r} は {line} 行目より前の月です: 月ごとの計算では"
                        "記録を月の順に並べてください",
                        "{field} {value!r} is in an earlier month than line {line}: monthly "
                        "lists need the log in month order"),
    "row.overflow": ("{field} {value!r}: レート変化 ({shown}) が表計算ソフトで扱える数を超えます",
                     "{field} {value!r}: the rating change it gives ({shown}) is not a number "
                     "a spreadsheet can hold"),
    "row.near_miss": ("{field} {value!r} は名簿にありません。{member!r} の書き間違い? "
                      "({why}; 新しい会員なら --new-players)",
                      "{field} {value!r} is not a member: a misspelling of {member!r}? "
                      "({why}; a new member: pass --new-players)"),
    "audit.finding": ("{where}: 正しくは {expected}、ファイルは {found} [{kind}]",
                      "{where}: expected {expected}, found {found} [{kind}]"),
    "audit.blank": ("(空欄)", "(blank)"),
    "audit.overwritten": ("計算式が消えている", "overwritten"),
    "audit.differs": ("値が違う", "differs"),
    "audit.latter": ("{line}: エンジンは後の方の値で計算します",
                     "{line}: the engine's values use the latter"),
    "audit.not_carried": ("{line}: `repair` では引き継がれません",
                          "{line}: `repair` would not carry it"),
    "audit.snapshot": ("シート {title!r} は作ったときの定数のままで、編集した設定ではありません: "
                       "`repair` で作り直します",
                       "sheet {title!r} shows the constants the workbook was built with, not "
                       "the edited Settings: `repair` regenerates it"),
    "audit.missing": ("シート {title!r} がありません", "sheet {title!r} is missing"),
    "audit.missing_earlier": ("シート {title!r} がありません (前の版は作りませんでした): "
                              "`repair` で加わります",
                              "sheet {title!r} is missing (an earlier version made none): "
                              "`repair` adds it"),
    "audit.earlier": ("シート {title!r} は前の版で作られています: 計算の列は名前で比べ、"
                      "隠れた補助の列は比べません (`repair` で作り直します)",
                      "sheet {title!r} was made by an earlier version: its computed columns are "
                      "compared by name, its hidden helpers not (`repair` rebuilds them)"),
    "audit.program": ("この計算式を計算できるのは {program} だけです: エラー値は、最後に別の"
                      "プログラムで保存されたしるしです。{program} で開いて保存してください",
                      "only {program} computes these formulas: the error values say another "
                      "program saved the file last; open and save it in {program}"),
    "audit.misspelt": ("対局の {name!r} ({games} 局) は名簿にありません。{member!r} の書き間違い? "
                       "({why}。直すか、名簿に加えてください)",
                       "{name!r} ({games} games) is not on Players: a misspelling of "
                       "{member!r}? ({why}; correct it, or add the player to Players)"),
    "near.space": ("前後の空白だけ違う", "only spaces differ"),
    "near.width": ("全角/半角だけ違う", "only full-/half-width differs"),
    "near.kana": ("ひらがな/カタカナだけ違う", "only hiragana/katakana differs"),
    "near.case": ("大文字/小文字だけ違う", "only upper/lower case differs"),
    "near.variant": ("漢字の旧字/異体字だけ違う", "only an old or variant kanji form differs"),
    "near.edit": ("1 文字多い・少ない・入れ替わっている",
                  "one character too many, too few or swapped"),
    "note.same_name": ("{line} 行目: {name!r} を {first!r} とみなしました (台帳と同じく、名前の"
                       "大文字/小文字は区別しません)",
                       "line {line}: {name!r} is taken as {first!r} (names ignore upper/lower "
                       "case, as in the ledger)"),
    "result.wanted_draws": ("1、0.5、0 のどれか", "1, 0.5 or 0"),
    "result.wanted": ("1 か 0", "1 or 0"),
    # --- import -------------------------------------------------------------------------
    "import.suffix": ("{target}: --out の名前は .xlsx で終わるようにしてください",
                      "{target}: --out must end in .xlsx"),
    "import.exists": ("{target}: もうあります。import はファイルを上書きしません",
                      "{target}: already exists; import never writes over a file"),
    "import.not_ledger": ("{template}: {system!r} のブックはクラブ台帳ではありません (台帳の"
                          "テンプレートを使ってください。例 templates/ledger_tokin_ja.toml)",
                          "{template}: a {system!r} workbook is not a club ledger (use a "
                          "ledger template, e.g. templates/ledger_tokin_ja.toml)"),
    "import.unread": ("{source}: {reason}", "{source}: {reason}"),
    "import.bad_rows": ("{source}: {count} 行を読めませんでした ({lines} 行目)。{line} 行目: "
                        "{reason}。直すか、--skip-bad を付けてください (何も書いていません)",
                        "{source}: {count} row(s) could not be read (lines {lines}); line "
                        "{line}: {reason}; fix them or pass --skip-bad (nothing written)"),
    "import.no_games": ("{source}: 読める対局がありません。何も作りませんでした",
                        "{source}: no game could be read; nothing to import"),
    "import.too_many_rows": ("{source}: {games:,} 局には {rows:,} 行が要ります。台帳は最大 "
                             "{limit:,} 行です (年ごとに分けてください)",
                             "{source}: {games:,} games need {rows:,} rows; a ledger has at "
                             "most {limit:,} (split the log by year)"),
    "import.too_many_players": ("{source}: {players:,} 人。台帳の名簿は最大 {limit:,} 人です",
                                "{source}: {players:,} players; a ledger has at most "
                                "{limit:,}"),
    "import.control": ("{line} 行目: {what} {value!r} から制御文字を除きました",
                       "line {line}: control characters removed from {what} {value!r}"),
    "import.the_name": ("名前", "the name"),
}
"""Key → (Japanese, English). Field names in braces are filled by :func:`say`."""

@runtime_checkable
class Localized(Protocol):
    """Anything that shows itself in either language (a message, a game log's column)."""

    def text(self, lang: Lang) -> str: ...


class Message(str):
    """A message of :data:`TABLE`: its English text, and its key and fields to render it
    in Japanese. Fields that are :class:`Localized` are rendered in the same language."""

    key: str
    fields: Mapping[str, object]

    def __new__(cls, key: str, fields: Mapping[str, object]) -> Message:
        if key not in TABLE:
            raise KeyError(f"no message {key!r}")
        made = super().__new__(cls, _render(key, fields, "en"))
        made.key, made.fields = key, dict(fields)
        return made

    def text(self, lang: Lang) -> str:
        return _render(self.key, self.fields, lang)


def say(key: str, **fields: object) -> Message:
    """The message ``key`` with ``fields`` filled in."""
    return Message(key, fields)


def shown(text: object, lang: Lang | None = None) -> str:
    """``text`` in ``lang`` (the run's language by default): a :class:`Message` or an
    exception carrying one is rendered; anything else is shown as it is."""
    lang = lang or current()
    if isinstance(text, BaseException) and text.args:
        text = text.args[0]
    if isinstance(text, Localized):
        return text.text(lang)
    return str(text)


def os_reason(exc: OSError) -> object:
    """An operating-system error as a message when the table has its errno, else its text."""
    name = errno.errorcode.get(exc.errno or 0, "")
    return say(f"os.{name}") if f"os.{name}" in TABLE else exc.strerror or str(exc)


def word(key: str, lang: Lang | None = None) -> str:
    """A fixed text of the table (a help text) in ``lang`` (the run's by default)."""
    return TABLE[key][LANGS.index(lang or current())]


def _render(key: str, fields: Mapping[str, object], lang: Lang) -> str:
    values = {name: _field(value, lang) for name, value in fields.items()}
    return TABLE[key][LANGS.index(lang)].format(**values)


def _field(value: object, lang: Lang) -> object:
    if isinstance(value, Localized):
        return value.text(lang)
    return value


_chosen: list[Lang] = []


def choose(lang: str | None) -> None:
    """Fix the run's language (``--lang``); ``None`` leaves it to the environment."""
    _chosen[:] = [la for la in LANGS if la == lang]


def current() -> Lang:
    """The run's language: ``--lang``, else the locale (see the module's docstring)."""
    return _chosen[0] if _chosen else from_locale(os.environ)


def from_locale(environ: Mapping[str, str]) -> Lang:
    """Japanese for a ``ja`` locale or none, English for any other language."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        language = value.split(".")[0].split("@")[0]
        if language and language not in ("C", "POSIX"):
            return "ja" if language.lower().startswith("ja") else "en"
    return "ja"
