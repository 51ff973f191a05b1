"""Every word the command line says, in Japanese and English, from one table.

A message is a key of :data:`TABLE` with named fields. :func:`say` makes one: a ``str``
whose text is the English (so logs, exceptions and tests read it as before) that also
knows its key, and :func:`shown` renders it in the language of the run. The language is
``--lang`` when given, else the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that
names a language (``ja…`` gives Japanese, any other language English); the C/POSIX
locale names none, and then it is Japanese: the people this is for read Japanese first.

Errors of the engine (:mod:`rating_rules`) are translated here too, not in the engine:
``rating_rules`` must not import this package, and its errors are also what a worksheet
function shows in a cell (``udfs``, xlwings Lite), which picks its language by itself
(``udfs._excel.cell_text``, from :data:`REASONS` too), so the engine keeps raising
English. It raises a
:class:`~rating_rules.errors.RatingInputError` with the field, the bad value and a fixed
English reason whose varying parts are named details (``"must be {minimum} or more"``,
``minimum=1``). That fixed text is the reason's key in :data:`REASONS`, as click's own
English words are in :data:`CLICK_WORDS`: :func:`reason_of` shows the error as
``rule.input`` with the reason in the run's language, still naming the field and quoting
the value. A test checks that every reason the engine raises is a key, so a new one
cannot reach a person in English only.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Mapping
from typing import Literal, Protocol, runtime_checkable

from rating_rules.errors import RatingInputError

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
    "help.rate": ("対局記録 (見出し行つき CSV か .xlsx) からレーティング表を計算して表示します。",
                  "Print the rating list computed by the engine from a game log (CSV or .xlsx "
                  "with a header row)."),
    "help.system": ("レーティングの規則。", "The rating rule."),
    "help.monthly": ("月ごとに計算する、または 1 局ごと (既定: その規則の台帳と同じ。"
                     "月ごとのときはそう表示します)。",
                     "Rate by month lists or game by game (default: as the rule's ledger "
                     "does, and rate says so when that is by month)."),
    "help.initial": ("全員の開始レート。", "Starting rating of every player."),
    "help.format": ("出力の形 (表 または CSV)。", "Output as a table or as CSV."),
    "help.list_lang": ("表示とレーティング表の見出しの言語 (--lang と同じ)。",
                       "Language of the messages and the rating list's headings (as --lang)."),
    "help.skip_bad": ("読めない行を一覧にして、残りで続ける。",
                      "Go on with the good rows and list the bad ones."),
    "help.new_players": ("名簿の誰かに似た名前も新しい会員として登録する。",
                         "Accept names close to a member's as new members."),
    "help.import": ("対局記録 (見出し行つき CSV か .xlsx) を入れたクラブ台帳を作ります。",
                    "Build a club ledger pre-filled from a game log (CSV or .xlsx with a "
                    "header row)."),
    "help.template": ("台帳のテンプレート (例 templates/ledger_tokin_ja.toml)。",
                      "A ledger template, e.g. templates/ledger_tokin_ja.toml."),
    "help.import_out": ("新しい台帳 (.xlsx)。同じ名前のファイルは上書きしません "
                        "(--overwrite のときだけ)。",
                        "The new ledger (.xlsx); an existing file is not written over "
                        "(unless --overwrite)."),
    "help.overwrite": ("--out のファイルがもうあれば、それを書き換える (既定: 書き換えずに"
                       "止める)。",
                       "Replace the --out file if it exists (default: refuse and write "
                       "nothing)."),
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
    "help.phone": ("代わりに、縦にしたスマホ (390 px、100 %) に見える範囲を写す。",
                   "Render what an upright phone (390 px, 100 %) shows instead."),
    "help.howto": ("--phone で、最初のシートの代わりに 使い方 シートを写す "
                   "(<名前>_howto_phone.png)。",
                   "With --phone, draw the How to sheet instead of the first sheet "
                   "(<name>_howto_phone.png)."),
    "help.lint": ("指定したファイルのすべての計算式を Excel 2010 / LibreOffice 7.4 の関数で"
                  "確かめます。",
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
    "help.repair_out": ("直したコピーの書き出し先 (元のファイルは書き換えません。同じ名前の"
                        "ファイルは --overwrite のときだけ上書き)。",
                        "Where to write the repaired copy (never the input; an existing "
                        "file only with --overwrite)."),
    "help.rows": ("新しいブックの対局の行数 (台帳を大きくするとき)。",
                  "Game rows of the new workbook (a full ledger grows)."),
    "help.players": ("新しい台帳の名簿の行数。", "Players rows of the new ledger."),
    "metavar.options": ("[オプション]", "[OPTIONS]"),
    "metavar.command": ("コマンド [引数]...", "COMMAND [ARGS]..."),
    "metavar.games_csv": ("対局記録.csv", "GAMES_CSV"),
    "metavar.workbook": ("ブック.xlsx", "WORKBOOK"),
    "metavar.ledger": ("台帳.xlsx", "LEDGER"),
    "metavar.file": ("ファイル", "FILE"),
    "metavar.files": ("ファイル", "FILES"),
    "metavar.templates": ("テンプレート", "TEMPLATES"),
    "metavar.folder": ("フォルダ", "DIRECTORY"),
    "metavar.text": ("文字", "TEXT"),
    "metavar.float": ("数", "FLOAT"),
    "metavar.integer": ("整数", "INTEGER"),
    "help.version": ("版を表示して終わる。", "Show the version and exit."),
    "cli.version": ("{prog} 版 {version}", "{prog}, version {version}"),
    # --- what commands print --------------------------------------------------------------
    "cli.bad_initial": ("--initial {value!r} は有限の数ではありません",
                        "--initial {value!r} is not a finite number"),
    "cli.monthly_default": ("{system}: 台帳と同じく月ごとに計算します (1 局ごとは --per-game)",
                            "{system}: rated by month lists, as its ledger does (--per-game "
                            "to rate game by game)"),
    "cli.period_default": ("{system}: 期間ごとのルールなので月ごとに計算します "
                           "(1 局ごとは --per-game)",
                           "{system}: a rule of rating periods, rated by month (--per-game "
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
    "cli.to_fix": ("直し方: {command} (またはブラウザでクラブ窓口 {url})",
                   "to fix: {command} (or in a browser, the club desk at {url})"),
    "desk.bad_url": ("{variable}={value!r}: クラブ窓口のアドレスは https:// (か http://) で"
                     "始まる {most} 文字までの 1 つのアドレスにしてください",
                     "{variable}={value!r}: the club desk's address must be one https:// (or "
                     "http://) address of at most {most} characters"),
    "cli.restored": ("戻しました: {text}", "restored: {text}"),
    "cli.not_carried": ("引き継げませんでした: {text}", "not carried: {text}"),
    "cli.repaired": ("{out}: {rows} 行を引き継ぎました", "{out}: {rows} rows carried over"),
    "cli.repaired_lost": ("{out}: {rows} 行を引き継ぎました。{lost} 件は引き継げません"
                          "でした (上の一覧)",
                          "{out}: {rows} rows carried over; {lost} left out, listed above"),
    # --- writing a workbook (package.py) ---------------------------------------------------
    "write.exists": ("{target}: もうあります。上書きはしません",
                     "{target}: already exists; it is never overwritten"),
    "write.failed": ("{target}: 書き込めません ({reason})",
                     "{target}: cannot be written ({reason})"),
    "write.no_value": ("計算式のセル {title}!{ref} にエンジンの値がありません",
                       "no cached value for formula cell {title}!{ref}"),
    "write.no_cache": ("{value!r} はセルの値として書けません", "cannot cache {value!r}"),
    # --- the rating list (rate) -----------------------------------------------------------
    "list.no_periods": ("--monthly: {system} の規則は月ごとには計算できません",
                        "--monthly: the {system} rule has no rating periods"),
    "list.no_date": ("--monthly にはすべての対局の日付が要ります。{line} 行目にありません",
                     "--monthly needs a date on every game; line {line} has none"),
    "list.overflow": ("{player!r} のレートが {rating!r} になり、表計算ソフトで扱える数を超えます "
                      "(開始レートを確かめてください)",
                      "the rating of {player!r} comes out as {rating!r}, not a number a "
                      "spreadsheet can hold (check the starting ratings)"),
    "list.position": ("順位", "#"),
    "list.player": ("名前", "player"),
    "list.rating": ("レート", "rating"),
    "list.deviation": ("レート偏差", "RD"),
    "list.games": ("対局数", "games"),
    "list.rank": ("段級位", "rank"),
    # --- publish: a ledger's list as a page, a PDF, chat text and CSV ---------------------
    "help.publish": ("台帳のレーティング表を、スマホで読めるページ (HTML)、A4 の PDF、"
                     "LINE/Discord/X に貼る文、CSV に書き出します。値は台帳の入力から"
                     "エンジンで計算し直したものです。",
                     "Publish a ledger's list as a phone-first web page (HTML), an A4 PDF, "
                     "chat text for LINE/Discord/X and CSV, from the engine's replay of the "
                     "ledger's inputs."),
    "help.publish_out": ("書き出すフォルダー。", "Folder to write into."),
    "help.publish_month": ("載せる月 (2026-05 の形。既定: 日付のある最後の対局の月)。",
                           "Month to publish, like 2026-05 (default: the month of the "
                           "latest dated game)."),
    "help.from_replay": ("audit がブックの表示と計算のずれを見つけても、エンジンの計算で"
                         "書き出す。",
                         "Publish the engine's replay even where audit finds the workbook "
                         "shows other values."),
    "help.publish_lang": ("ページと文の言語 (既定: 台帳の言語)。",
                          "Language of the page and texts (default: the ledger's)."),
    "publish.bad_month": ("--month: {value!r} は月ではありません (2026-05 の形で)",
                          "--month: {value!r} is not a month (write it like 2026-05)"),
    "publish.refused": ("ブックの表示がエンジンの計算と合いません ({count} 件、audit で一覧): "
                        "{first}。repair で直すか、計算どおりに載せるなら --from-replay を"
                        "付けてください",
                        "the workbook shows other values than the engine's replay ({count}; "
                        "audit lists them): {first}. Repair it, or add --from-replay to "
                        "publish the replay"),
    "publish.not_ledger": ("{path}: 名簿のある台帳ではありません (publish は台帳だけ)",
                           "{path}: not a club ledger with a Players sheet (publish takes "
                           "ledgers only)"),
    "publish.no_browser": ("PDF には Chromium が要ります (chromium をインストールするか、"
                           "WORKBOOK_BUILDER_CHROMIUM にその場所を)",
                           "the PDF needs Chromium: install chromium or set "
                           "WORKBOOK_BUILDER_CHROMIUM to it"),
    "publish.pdf_failed": ("{path} を書けませんでした (Chromium: {reason})",
                           "could not print {path} (Chromium: {reason})"),
    "publish.write_failed": ("{path} に書けません: {reason}", "cannot write to {path}: {reason}"),
    "publish.written": ("{path} を書きました", "wrote {path}"),
    # --- the club desk: the web page (desk/, workbook_builder/desk.py) ----------------------
    "desk.title": ("クラブ窓口", "Club desk"),
    "desk.tagline": ("台帳づくり、点検と修理、レーティング計算、月の表の公開を、"
                     "このブラウザだけで。",
                     "Start a ledger, check and repair it, rate a log, publish a month's "
                     "list: in this browser alone."),
    "desk.private": ("クラブのデータはこの端末から出ません。計算はすべてこのブラウザの中で行い、"
                     "ファイルはどこにも送りません。",
                     "The club's data never leaves this device: everything is computed in this "
                     "browser, and no file is sent anywhere."),
    "desk.other_lang": ("English", "日本語"),
    "desk.tab_import": ("台帳を作る", "Start a ledger"),
    "desk.tab_check": ("点検・修理", "Check and repair"),
    "desk.tab_rate": ("レーティング表", "Rating list"),
    "desk.tab_publish": ("公開", "Publish"),
    "desk.progress_listed": ("{count} 人の表にしました", "{count} players listed"),
    "desk.publish_help": ("記入した台帳から、月のレーティング表を、クラブで読めるページ、LINE・"
                          "Discord・X に貼る文、CSV にします。値は台帳の入力をエンジンで"
                          "計算し直したものです。",
                          "From a filled ledger, the month's rating list as a page the club "
                          "reads, text to paste into LINE, Discord or X, and CSV, from the "
                          "engine's replay of the ledger's inputs."),
    "desk.month": ("月 (2026-05 の形。空なら最後の月)", "Month (like 2026-05; empty: the latest)"),
    "desk.from_replay": ("ブックの表示が計算と合わなくても、計算どおりに載せる",
                         "Publish the replay even where the workbook shows other values"),
    "desk.chat_line": ("LINE に貼る文", "Text for LINE"),
    "desk.chat_discord": ("Discord に貼る文 (2,000 字ごと)", "Text for Discord (2,000 a message)"),
    "desk.chat_x": ("X に貼る文 (280 ごと)", "Text for X (280 a post)"),
    "desk.download_page": ("ページを保存", "Save the page"),
    "desk.print": ("印刷・PDF", "Print or PDF"),
    "desk.tab_sheets": ("シート", "Sheets"),
    "desk.loading": ("計算の準備をしています (初回は数秒)…",
                     "Loading Python (a few seconds the first time)…"),
    "desk.ready": ("準備ができました", "Ready"),
    "desk.working": ("処理しています…", "Working…"),
    "desk.progress_read": ("{count} 行を読みました", "{count} rows read"),
    "desk.progress_written": ("{count} 行を書きました", "{count} rows written"),
    "desk.progress_checked": ("{count} 個のセルを確かめました", "{count} cells checked"),
    "desk.rule": ("ルール", "Rule"),
    "desk.pick_log": ("対局記録を選ぶ (CSV か .xlsx)", "Pick a game log (CSV or .xlsx)"),
    "desk.pick_workbook": ("台帳かシートを選ぶ (.xlsx)", "Pick a ledger or sheet (.xlsx)"),
    "desk.import_help": ("ルールを選び、クラブの対局記録を選ぶと、読み込む内容が出ます。",
                         "Choose the rule, then pick the club's game log to see what will be "
                         "imported."),
    "desk.preview": ("読み込む内容: {games} 局、{players} 人",
                     "To import: {games} games, {players} players"),
    "desk.first_rows": ("最初の行 (入力のまま)", "The first lines, as typed"),
    "desk.bad_title": ("読めない行 ({count} 行)", "Lines not read ({count})"),
    "desk.col_line": ("行", "line"),
    "desk.col_field": ("項目", "field"),
    "desk.col_value": ("値", "value"),
    "desk.col_reason": ("理由", "reason"),
    "desk.near_title": ("名簿の誰かの書き間違いかもしれない名前",
                        "Names that may be a member's, misspelt"),
    "desk.near_line": ("{line} 行目 {name!r}: {member!r} のことですか ({why})",
                       "line {line} {name!r}: do you mean {member!r}? ({why})"),
    "desk.accept": ("別の人 (新しい会員)", "a new member"),
    "desk.make": ("台帳を作ってダウンロード", "Build and download the ledger"),
    "desk.make_skip": ("読めない {count} 行を除いて台帳を作る",
                       "Build the ledger without the {count} lines not read"),
    "desk.check_help": ("記入した台帳を選ぶと、計算が崩れていないか確かめます。",
                        "Pick a filled ledger to check that its formulas still hold."),
    "desk.all_fine": ("直すところはありません。", "Nothing to repair."),
    "desk.repair": ("修理してダウンロード", "Repair and download"),
    "desk.grow": ("対局の行を増やす", "Room for more games"),
    "desk.rows": ("対局の行数", "Game rows"),
    "desk.rate_help": ("ルールを選び、対局記録を選ぶと、レーティング表を計算します。",
                       "Choose the rule and pick a game log to compute the rating list."),
    "desk.rate_bad": ("読めない {count} 行を除いて計算しました",
                      "Rated without the {count} lines not read"),
    "desk.sort_hint": ("見出しを押すと並べ替えます", "Tap a heading to sort"),
    "desk.download_csv": ("CSV をダウンロード", "Download as CSV"),
    "desk.download": ("ダウンロード", "Download"),
    "desk.ledger_file": ("台帳", "ledger"),
    "desk.repaired_file": ("修理済み", "repaired"),
    "desk.sheets_help": ("すぐ使えるブック: スマホでの見え方と、何に使うか。",
                         "Ready-made workbooks: how each looks on a phone, and what it is for."),
    "desk.sheet_ja": ("日本語版", "Japanese"),
    "desk.sheet_en": ("英語版", "English"),
    "desk.too_big": ("{name}: ファイルが大きすぎます ({size} MB。スマホで扱えるのは "
                     "{limit} MB まで)",
                     "{name}: the file is too big ({size} MB; a phone handles up to {limit} MB)"),
    "desk.password": ("{name}: パスワードで保護されたファイルです。表計算ソフトでパスワードを"
                      "外して保存してから選んでください",
                      "{name}: the file is protected by a password; remove it in your "
                      "spreadsheet program, save, and pick the file again"),
    "desk.other_program": ("{name}: ほかのプログラムの形式 (古い .xls など) です。.xlsx で保存し"
                           "直してください",
                           "{name}: another program's format (an old .xls or the like); save "
                           "it as .xlsx"),
    "desk.not_ours": ("{name}: このクラブ窓口のブックではありません (ほかのプログラムで作った"
                      "ファイル)。ここで点検できるのは、ここのシートと台帳です",
                      "{name}: not one of this desk's workbooks (made by another program); "
                      "the desk checks its own sheets and ledgers"),
    "desk.not_workbook": ("{name}: ブックではありません (.xlsx を選んでください)",
                          "{name}: not a workbook (pick an .xlsx file)"),
    "desk.not_log": ("{name}: 対局記録ではありません (CSV か .xlsx を選んでください)",
                     "{name}: not a game log (pick a CSV or .xlsx file)"),
    "desk.failed": ("思わぬ不具合で止まりました。ブラウザのコンソールに詳細があります",
                    "Something went wrong inside; the browser's console has the details"),
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
    "os.ENOTDIR": ("途中にフォルダではないファイルがあります", "not a directory"),
    "os.at": ("{path}: {reason}", "{path}: {reason}"),
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
    "log.unread_columns": ("見出し {names} の列は読みません ({system} で読む列: {known})",
                           "column(s) {names} are not read (the columns read for {system}: "
                           "{known})"),
    "log.overflow_many": ("{limit} 局を超える対局のレート変化が表計算ソフトで扱える数を"
                          "超えます。対局記録ではありません",
                          "more than {limit} games give rating changes beyond what a "
                          "spreadsheet can hold; not a game log"),
    # --- a game log kept in a workbook (logfile.py) ----------------------------------------
    "logfile.at": ("{sheet} シート {line} 行目: {reason}", "sheet {sheet!r} row {line}: {reason}"),
    "logfile.at_cell": ("{sheet} シート {line} 行目 ({cell}): {reason}",
                        "sheet {sheet!r} row {line} ({cell}): {reason}"),
    "logfile.no_sheet": ("{path}: どのシート ({sheets}) の先頭 {rows} 行にも {system} の見出しの"
                         "行 ({columns}) がありません",
                         "{path}: no sheet ({sheets}) has a header row naming {columns} for "
                         "{system} in its first {rows} rows"),
    "logfile.encrypted": ("{path}: パスワードで保護された .xlsx は読めません: Excel で開き、"
                          "ファイル → 情報 → ブックの保護 → パスワードを使用して暗号化 で"
                          "パスワードを消して保存するか、CSV (UTF-8) で保存してください",
                          "{path}: a password-protected .xlsx cannot be read: open it in "
                          "Excel, clear the password (File > Info > Protect Workbook > Encrypt "
                          "with Password) and save it, or save it as CSV (UTF-8)"),
    "logfile.xls": ("{path}: 古い Excel 形式 (.xls) のファイルは読めません: Excel か LibreOffice "
                    "で開き、.xlsx (Excel ブック) か CSV (UTF-8) で保存してください",
                    "{path}: an old Excel file (.xls) cannot be read: open it in Excel or "
                    "LibreOffice and save it as .xlsx (Excel Workbook) or CSV (UTF-8)"),
    "logfile.ods": ("{path}: .ods のファイルは読めません: LibreOffice で開き、名前を付けて保存で"
                    " .xlsx (Excel 2007-365) か CSV (UTF-8) にしてください",
                    "{path}: an .ods file cannot be read: open it in LibreOffice and save it as "
                    ".xlsx (Excel 2007-365) or CSV (UTF-8)"),
    "logfile.unknown": ("{path}: CSV としても .xlsx としても読めません ({reason}): 表計算ソフト"
                        "で開き、.xlsx か CSV (UTF-8) で保存してください",
                        "{path}: cannot be read as CSV or as .xlsx ({reason}): open it in a "
                        "spreadsheet program and save it as .xlsx or CSV (UTF-8)"),
    "logfile.binary": ("文字のファイルではありません", "not a text file"),
    "logfile.zip": (".xlsx のブックではない zip ファイルです",
                    "a zip file, not an .xlsx workbook"),
    "logfile.broken": ("{path}: .xlsx として読めません ({reason}): Excel か LibreOffice で開いて"
                       "保存し直してください",
                       "{path}: cannot be read as .xlsx ({reason}): open it in Excel or "
                       "LibreOffice and save it again"),
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
    "row.date_range": ("{field} {value!r} は表計算ソフトで使えない日付です ({first}〜{last})",
                       "{field} {value!r} is a date no spreadsheet can hold ({first} to {last})"),
    "row.blank": ("{field} が空欄です", "{field} is blank"),
    "row.too_long": ("{field} {value!r} は {length:,} 文字あります。セルに入るのは {limit:,} "
                     "文字まで",
                     "{field} {value!r} is {length:,} characters long; a cell holds at most "
                     "{limit:,}"),
    "row.not_listed": ("{field} {value!r} は一覧 ({known}) にありません",
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
    "row.forfeit": ("{field} {value!r} は 種類 {type!r} と食い違います (不戦勝は 1、不戦敗は 0)",
                    "{field} {value!r} contradicts the type {type!r} (a forfeit win is 1, a "
                    "forfeit loss 0)"),
    "row.handicap": ("{field} {value!r} は手合の段位差 0〜9 (0.5 刻み) にしてください",
                     "{field} {value!r} must be the handicap's rank difference, 0 to 9 in "
                     "half steps"),
    "row.place": ("{field} {value!r} は 1〜4 の順位にしてください",
                  "{field} {value!r} must be a place from 1 to 4"),
    "row.knocker": ("{field} {value!r} は撃破した人の席番号 1〜4 か T (投了・時間切れ) に"
                    "してください",
                    "{field} {value!r} must be the seat (1-4) of who knocked the player out, "
                    "or T (resigned, time-out)"),
    "row.places": ("順位 {value}: 1、2、3、4 を 1 人ずつにしてください",
                   "places {value}: must be 1, 2, 3 and 4, once each"),
    "row.four_winner": ("{field} {value!r}: 1 位の人は撃破されません (空欄にしてください)",
                        "{field} {value!r}: the winner (place 1) is never knocked out; leave "
                        "it blank"),
    "row.four_missing": ("{field} が空欄です: {place} 位の人を撃破した席 (1〜4) か T が要ります",
                         "{field} is blank: place {place} needs who knocked them out (seat "
                         "1-4 or T)"),
    "row.four_self": ("{field} {value!r} はその人自身の席です",
                      "{field} {value!r} is the player's own seat"),
    "row.four_out": ("{field} {value!r}: その席の人 ({out} 位) は {place} 位の人より先に"
                     "抜けています",
                     "{field} {value!r}: that seat (place {out}) was out before place {place}"),
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
    "audit.missing": ("シート {title!r} がありません (削除されています): `repair` で作り直します",
                      "sheet {title!r} is missing (deleted): `repair` rebuilds it"),
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
    "near.space": ("前後の空白だけ違う", "only spaces around the name differ"),
    "near.space_inside": ("名前の中の空白だけ違う", "only a space inside the name differs"),
    "near.several": ("{kinds}だけ違う", "only {kinds} differ"),
    "near.kind.space": ("空白", "spaces"),
    "near.kind.width": ("全角/半角", "full-/half-width"),
    "near.kind.kana": ("ひらがな/カタカナ", "hiragana/katakana"),
    "near.kind.case": ("大文字/小文字", "upper/lower case"),
    "near.kind.variant": ("漢字の旧字/異体字", "old or variant kanji forms"),
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
    "out.exists": ("{target}: もうあります。上書きしません (書き換えてよいなら --overwrite を"
                   "付けてください)",
                   "{target}: already exists; it is not written over (pass --overwrite to "
                   "replace it)"),
    "import.not_ledger": ("{template}: {system}のテンプレートで、クラブ台帳ではありません (台帳"
                          "のテンプレートを使ってください。例 {ledger})",
                          "{template}: a {system} template, not a club ledger (use a ledger "
                          "template, e.g. {ledger})"),
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
    # --- repair ---------------------------------------------------------------------------
    "repair.same_file": ("{target}: --out が元のファイルと同じです。repair は元のファイルを"
                         "書き換えません",
                         "{target}: --out is the input file; repair never writes over it"),
    "repair.suffix": ("{target}: --out の名前は .xlsx で終わるようにしてください",
                      "{target}: --out must end in .xlsx"),
    "repair.rows": ("--rows {rows}: {least} (入力済みの対局の行数) から {most:,} までの整数に"
                    "してください",
                    "--rows {rows}: must be a whole number from {least} (the game rows already "
                    "typed) to {most:,}"),
    "repair.no_players": ("--players {players}: {system}には名簿 (Players) がありません",
                          "--players {players}: a {system} has no Players table"),
    "repair.players": ("--players {players}: {least} (名簿に入力済みの人数) から {most:,} までの"
                       "整数にしてください",
                       "--players {players}: must be a whole number from {least} (the players "
                       "already listed) to {most:,}"),
    "repair.restored": ("{where} ({name}): 入力された {value!r} を計算式に置き換え",
                        "{where} ({name}): typed {value!r} replaced by its formula"),
    # --- reading a workbook back (audit, repair, describe, lint) ---------------------------
    "read.os": ("{path}: {reason}", "{path}: {reason}"),
    "read.too_big": ("{path}: {size:,} バイトは大きすぎます (最大 {limit:,} バイト)",
                     "{path}: {size:,} bytes is more than {limit:,}"),
    "read.not_zip": ("{path}: .xlsx ファイルではありません (zip 形式ではありません)",
                     "{path}: not an .xlsx file (not a zip archive)"),
    "read.parts": ("{path}: 中の部品が {count} 個あり、上限の {limit} 個を超えています",
                   "{path}: {count} parts is more than {limit}"),
    "read.part_big": ("{path}: 部品 {part} は展開すると {size:,} バイトになります (上限 "
                      "{limit:,} バイト)",
                      "{path}: part {part} unpacks to {size:,} bytes (limit {limit:,})"),
    "read.total_big": ("{path}: 展開すると {size:,} バイトになります (上限 {limit:,} バイト)",
                       "{path}: unpacks to {size:,} bytes (limit {limit:,})"),
    "read.not_xlsx": ("{path}: zip ですが、表計算のファイル (.xlsx) ではありません",
                      "{path}: a zip, but not a spreadsheet (.xlsx)"),
    "read.broken": ("{path}: .xlsx が壊れています ({reason})", "{path}: damaged .xlsx ({reason})"),
    "read.deep": ("{path}: {part} の入れ子が {limit} 段より深くなっています",
                  "{path}: {part} nests deeper than {limit} levels"),
    "read.cells": ("{path}: {part} のセルが {limit:,} 個を超えています。このプロジェクトが作る"
                   "どのブックよりも多い数です",
                   "{path}: {part} has more than {limit:,} cells, more than any workbook this "
                   "project makes"),
    "read.xml": ("{path}: {part} は正しい形の XML ではありません ({reason})",
                 "{path}: {part} is not well-formed XML ({reason})"),
    "read.refused": ("{path}: {part} は安全のため読み込みません: {kind}: {reason}",
                     "{path}: {part} refused: {kind}: {reason}"),
    "read.unreadable": ("{path}: 読み込めません ({kind}: {reason})",
                        "{path}: cannot be read ({kind}: {reason})"),
    "read.not_ours": ("{path}: workbook-builder で作ったブックではありません ({sheet} シートが"
                      "ありません)。作ったブックなら、隠しシート {sheet} が削除されています: "
                      "前に保存したファイルを使ってください",
                      "{path}: not made by workbook-builder (no {sheet} sheet); if it was, its "
                      "hidden {sheet} sheet was deleted: use an earlier saved copy of the file"),
    "read.unknown_type": ("{path}: シートの種類 {system!r} を知りません",
                          "{path}: unknown sheet type {system!r}"),
    "read.damaged": ("{path}: {sheet} シートが壊れています",
                     "{path}: its {sheet} sheet is damaged"),
    "read.damaged_why": ("{path}: {sheet} シートが壊れています ({reason})",
                         "{path}: its {sheet} sheet is damaged ({reason})"),
    "read.damaged_column": ("{path}: {sheet} シートが壊れています (名前の表に {column!r} の列が"
                            "ありません。見出し {header!r})",
                            "{path}: its {sheet} sheet is damaged (its name table has no "
                            "{column!r} column; header {header!r})"),
    "read.damaged_count": ("{path}: {sheet} シートが壊れています ({name} = {text!r}。テンプレート"
                           "では 1 から {most:,} まで)",
                           "{path}: its {sheet} sheet is damaged ({name} = {text!r}; a template "
                           "has 1 to {most:,})"),
    "read.name_cells": ("名前 {name!r} は {where} の {count:,} 個のセルを指しています。この"
                        "プロジェクトが作るブックでは多くて {limit:,} 個です",
                        "name {name!r} covers {where}, {count:,} cells; no workbook this "
                        "project makes has more than {limit:,}"),
    "read.not_input": ("{name}: {system}の入力の表ではありません",
                       "{name}: not an input table of a {system}"),
    "read.not_fit": ("{where} ({name}): {value!r} は使えません。テンプレートの値を使います",
                     "{where} ({name}): {value!r} does not fit; the template's value is used"),
    "read.not_fit_why": ("{where} ({name}): {value!r} は使えません ({reason})。テンプレートの値"
                         "を使います",
                         "{where} ({name}): {value!r} does not fit ({reason}); the template's "
                         "value is used"),
    "read.a_formula": ("計算式です", "a formula"),
    "read.typed_formula": ("計算式 {formula!r}", "a formula {formula!r}"),
    "read.as_text": ("{where}: 入力のセルにある計算式 ({formula}) は文字として引き継ぎます",
                     "{where}: a formula ({formula}) in an input cell is carried as text"),
    "read.table_not_kept": ("設定の表: {reason}。テンプレートの表を使います",
                            "Settings table: {reason}; the template's table is used"),
    "read.below": ("{where}: {value!r} は、ブックが持てる最大の {table} の表 ({most:,} 行) より"
                   "下に入力されています。表の中へ移して、もう一度 repair してください",
                   "{where}: {value!r} is typed below the largest {table} table a workbook can "
                   "have ({most:,} rows); move it up into the table and repair again"),
    "read.no_column": ("{path}: 入力の列 {name} は、名前の定義にも {sheet} が記録した場所 "
                       "({where}) にもありません",
                       "{path}: input column {name} is neither a defined name nor where "
                       "{sheet} records it ({where})"),
    "read.name_missing": ("{name}: 名前の定義がありません。{sheet} が記録した {where} から"
                          "読みました",
                          "{name}: the defined name is missing; read from {where}, where "
                          "{sheet} records it"),
    "read.heading": ("{path}: 列 {name} ({where}) の見出しは {label!r} のはずですが {found!r} "
                     "です: 名前を直さずに列が削除か移動されています。何も引き継いでいません",
                     "{path}: column {name} ({where}) should be headed {label!r} but is headed "
                     "{found!r}: a column was deleted or moved without updating the names; "
                     "nothing was carried"),
    "read.no_heading": ("{path}: 列 {name} ({where}) の見出しは {label!r} のはずですが見出しが"
                        "ありません: 名前を直さずに列が削除か移動されています。何も引き継いで"
                        "いません",
                        "{path}: column {name} ({where}) should be headed {label!r} but has no "
                        "heading: a column was deleted or moved without updating the names; "
                        "nothing was carried"),
    # --- sheets found by their role, not their title (roles.py) ----------------------------
    "read.sheet_gone": ("{path}: {role}のシート {title!r} がありません (削除されたか、別のブック"
                        "へ移されています)。入力が読めないので、何もしていません。表計算ソフトの"
                        "「元に戻す」か、前に保存したファイルからシートを戻して保存し、もう一度"
                        "実行してください。名前を変えて見出しも書き換えたシートなら、名前を "
                        "{title!r} に戻してください",
                        "{path}: the sheet of {role}, {title!r}, is missing (deleted, or moved "
                        "to another workbook). Its inputs cannot be read, so nothing was done: "
                        "bring the sheet back (undo in your spreadsheet program, or copy it from "
                        "an earlier saved file), save, and run this again. A sheet renamed and "
                        "its headings retyped too: give it back the name {title!r}"),
    "read.renamed": ("シート {there!r} を {title!r} のシートとして読みました (名前が変えられて"
                     "います。この一覧では {title!r} と呼びます)",
                     "sheet {there!r} was read as the {title!r} sheet (renamed; this report "
                     "calls it {title!r})"),
    "repair.renamed": ("シート {there!r} は元の名前 {title!r} に戻しました",
                       "sheet {there!r} is called {title!r} again"),
    "repair.sheet_back": ("シート {title!r} はありませんでした (削除されています): 作り直しました",
                          "sheet {title!r} was missing (deleted): rebuilt"),
    "role.Games": ("対局の記録", "the game log"),
    "role.Players": ("名簿", "the player list"),
    "role.Settings": ("設定", "the settings"),
    "role.Monthly": ("月例リストの月", "the monthly list's months"),
    "role.Catalog": ("関数の例の引数", "the functions' example arguments"),
    "role.inputs": ("入力 ({names})", "the inputs {names}"),
    # --- a Settings table a club edited (kit/base.py, sheets/*.py): "read.table_not_kept" ---
    "table.row": ("「{name}」の {row} 行目", "{name} row {row}"),
    "table.row_code": ("「{name}」の {row} 行目 ({code})", "{name} row {row} ({code})"),
    "table.empty": ("{name}: 表が空です", "{name}: the table is empty"),
    "table.not_number": ("{where}: {value} は数ではありません", "{where}: {value} is not a number"),
    "table.blank_number": ("{where}: 空欄です (数を入れてください)",
                           "{where}: {value} is not a number"),
    "table.not_name": ("{where}: {value} は名前ではありません", "{where}: {value} is not a name"),
    "table.blank_name": ("{where}: 空欄です (名前を入れてください)",
                         "{where}: {value} is not a name"),
    "table.not_whole": ("{name}: {value!r} は整数ではありません",
                        "{name}: {value!r} is not a whole number"),
    "table.size": ("{name}: {count} 行あります。規則では {size} 行です",
                   "{name}: {count} rows typed, the rule has {size}"),
    "table.not_above": ("{where}: {now:g} は上の行 ({before:g}) より大きい数にしてください",
                        "{where}: {now:g} is not above the row above ({before:g})"),
    "table.not_below": ("{where}: {now:g} は上の行 ({before:g}) より小さい数にしてください",
                        "{where}: {now:g} is not below the row above ({before:g})"),
    "table.rank_of": ("申告段級 {rank!r} は段級の表 ({labels}) にありません",
                      "Declared rank {rank!r} is not in the rank table ({labels})"),
    "table.preset_rank": ("段級 {rank!r} は段級の表にありません",
                          "rank {rank!r} is not in the preset's rank table"),
    "sheet.no_log": ("{system}は対局記録から作れません",
                     "a {system} is not filled from a game log"),
    # --- formula lint (lint.py: lint, and build's own check) -------------------------------
    "lint.at": ("{where}: {problem}", "{where}: {problem}"),
    "lint.validation": ("{title}!{range} の入力規則", "{title} validation {range}"),
    "lint.format": ("{title}!{range} の条件付き書式", "{title} conditional format {range}"),
    "lint.name": ("名前 {name}", "name {name}"),
    "lint.ref": ("{formula}: #REF! があります", "{formula}: contains #REF!"),
    "lint.forbidden": ("{formula}: {function} は Excel 2010 / LibreOffice 7.4 にない関数です",
                       "{formula}: {function} is not available in Excel 2010 / LibreOffice 7.4"),
    "lint.not_allowed": ("{formula}: {function} は使ってよい関数の一覧にありません",
                         "{formula}: {function} is not in the allow-list"),
    "lint.newer": ("{formula}: {function} には Excel {version} が要ります。使えるのは条件付き"
                   "書式 (強調表示) の中だけです",
                   "{formula}: {function} needs Excel {version}; only a conditional format (a "
                   "highlight) may use it"),
    "lint.unknown": ("{formula}: {function} は _xlfn. を付けるか、知らない関数です",
                     "{formula}: {function} needs the _xlfn. prefix or is unknown"),
    # --- LibreOffice and the pictures (libreoffice.py, preview.py: render) ------------------
    "office.missing": ("LibreOffice がありません: scripts/install-libreoffice.sh で入れてください",
                       "LibreOffice is not installed: run scripts/install-libreoffice.sh"),
    "office.same_names": ("ファイル名 (拡張子を除く) を別々にしてください: {names}",
                          "file names must differ, got {names}"),
    "office.failed": ("LibreOffice (soffice) が失敗しました (終了コード {code})。できなかった"
                      "ファイル {missing}: {stderr}",
                      "soffice failed ({code}), missing {missing}: {stderr}"),
    "render.no_pdftoppm": ("pdftoppm がありません: poppler-utils を入れてください",
                           "pdftoppm is not installed: install poppler-utils"),
    "render.pdftoppm_failed": ("{name}: pdftoppm で画像にできませんでした ({reason})",
                               "{name}: pdftoppm could not make the picture ({reason})"),
    "render.no_cjk_font": ("日本語のフォントがありません (fc-list :lang=ja が何も出しません)。"
                           "日本語が □ で描かれるので画像は作りません: fonts-noto-cjk を入れて"
                           "ください (bash scripts/install-libreoffice.sh)",
                           "No Japanese font (fc-list :lang=ja lists none): Japanese would be "
                           "drawn as empty boxes, so no pictures were made. Install "
                           "fonts-noto-cjk (bash scripts/install-libreoffice.sh)"),
    "render.cjk_unchecked": ("fc-list がないので日本語のフォントを確かめられません: 画像の日本語が"
                             " □ になっていないか見てください",
                             "No fc-list, so the Japanese font could not be checked: look for "
                             "Japanese drawn as empty boxes in the pictures"),
    # --- a workbook's _meta sheet (metadata.py: describe) ----------------------------------
    "meta.missing": ("{path}: {sheet} シートがありません: workbook-builder で作ったブックでは"
                     "ありません",
                     "{path}: no {sheet} sheet: not built by workbook-builder"),
    "meta.damaged": ("{path}: {sheet} シートが壊れています ('name' と 'allowed' の列のある"
                     "名前の表がありません)",
                     "{path}: its {sheet} sheet is damaged (no name table with 'name' and "
                     "'allowed' columns)"),
    "meta.undefined": ("{path}: {name!r} は {sheet} にありますが、名前が定義されていません",
                       "{path}: {name!r} is listed in {sheet} but not defined"),
    # --- what a rebuild would not hold (kept.py) -------------------------------------------
    "kept.setting": ("{name}: 入力は {value}、作り直したブックでは {now!r}",
                     "{name}: typed {value}, the rebuilt workbook has {now!r}"),
    "kept.setting_row": ("「{name}」の {row} 行目: 入力は {value}、作り直したブックでは {now!r}",
                         "{name} row {row}: typed {value}, the rebuilt workbook has {now!r}"),
    "kept.sheet": ("シート {title!r} (入力のあるセル {count} 個) は{system}にはないシートです",
                   "sheet {title!r} ({count} filled cell) is not part of a {system}"),
    "kept.sheet_many": ("シート {title!r} (入力のあるセル {count} 個) は{system}にはない"
                        "シートです",
                        "sheet {title!r} ({count} filled cells) is not part of a {system}"),
    "kept.more_cells": ("{title}: ほかに同じようなセルが {count:,} 個",
                        "{title}: {count:,} more such cells"),
    "kept.own_formula": ("{where}: ブックの計算式の場所に独自の計算式 {formula} があります",
                         "{where}: a formula of one's own, {formula}, where the workbook has its "
                         "own"),
    "kept.typed_over": ("{where}: ブックの計算式の代わりに {value} が入力されています",
                        "{where}: {value} typed in place of the workbook's formula"),
    "kept.outside": ("{where}: {value} はブックの表の外にあります",
                     "{where}: {value} is outside the workbook's tables"),
    "kept.comment": ("{where}: コメント {note}", "{where}: the comment {note}"),
    "kept.own_format": ("{where}: 独自の{kind}", "{where}: a {kind} of one's own"),
    "kept.conditional_format": ("条件付き書式", "conditional format"),
    "kept.data_validation": ("入力規則", "data validation"),
    "kept.defined_name": ("名前の定義 {name}", "the defined name {name}"),
    "kept.more_names": ("ほかに名前の定義が {count:,} 個", "{count:,} more defined names"),
    "kept.chart_sheet": ("グラフのシート {title!r}", "the chart sheet {title!r}"),
    "kept.parts": ("ブックが作るもの以外の{kind}が {count} 個 ({start}…)",
                   "{count} {kind} ({start}…) beyond what the workbook makes"),
    "kept.parts_many": ("ブックが作るもの以外の{kind}が {count} 個 ({start}…)",
                        "{count} {kind}s ({start}…) beyond what the workbook makes"),
    "kept.chart": ("グラフ", "chart"),
    "kept.picture": ("画像", "picture"),
    "kept.pivot_table": ("ピボットテーブル", "pivot table"),
    "kept.macro_project": ("マクロ", "macro project"),
    # --- where row edits left a table (placement.py) ---------------------------------------
    "rows.one": ("{rows} 行目", "row {rows}"),
    "rows.many": ("{rows} 行目", "rows {rows}"),
    "place.problem": ("シート {title!r}、{line}", "sheet {title!r}, {line}"),
    "place.inserted": ("{rows}: 挿入された行です (計算式がありません)",
                       "{rows}: inserted (no formulas)"),
    "place.inserted_typed": ("{rows}: 挿入された行です (計算式がありません)。{typed}の入力は"
                             "数えられていません",
                             "{rows}: inserted (no formulas); typed in {typed}, not counted"),
    "place.copy": ("{row} 行目: 作ったときの {built} 行目 (今の {now} 行目) のコピーです",
                   "row {row}: a copy of the row built as row {built} (now row {now})"),
    "place.sorted": ("{first}–{last} 行目: 並べ替えか移動がされています (作ったときの順と"
                     "違う最初の行は {at} 行目)",
                     "rows {first}–{last}: sorted or moved (rows out of the order they were "
                     "built in, first at row {at})"),
    "place.deleted": ("{a} 行目と {b} 行目の間の {count} 行が削除されています",
                      "{count} row deleted between rows {a} and {b}"),
    "place.deleted_many": ("{a} 行目と {b} 行目の間の {count} 行が削除されています",
                           "{count} rows deleted between rows {a} and {b}"),
    "place.typed_lost": ("{rows}: 挿入して入力されていますが、計算式がないので数えられて"
                         "いません",
                         "{rows}: inserted and typed in; no formulas there, so not counted"),
    "place.empty_inserted": ("{rows}: 挿入された行です (計算式がありません)。ここに入れた対局は"
                             "数えられません",
                             "{rows}: inserted (no formulas); a game typed there would not "
                             "count"),
    "place.fewer": ("{count} 行が削除されています (レートは正しく続きます。表は作ったときより"
                    "短くなっています)",
                    "{count} row deleted (the ratings follow; the table is shorter than it was "
                    "built)"),
    "place.fewer_many": ("{count} 行が削除されています (レートは正しく続きます。表は作ったとき"
                         "より短くなっています)",
                         "{count} rows deleted (the ratings follow; the table is shorter than "
                         "it was built)"),
    "place.lost_reference": ("{rows}: 編集で計算式の参照がなくなったため、数えられていません",
                             "{rows}: the formulas lost a reference to an edit, so the rows are "
                             "not counted"),
    # --- templates ------------------------------------------------------------------------
    "template.missing": ("{path}: テンプレートがありません", "{path}: no such template"),
    "template.toml": ("{path}: TOML として正しくありません: {reason}",
                      "{path}: not valid TOML: {reason}"),
    "template.bad": ("{where}{name} = {value!r}: {reason}", "{where}{name} = {value!r}: {reason}"),
    "template.unknown_key": ("知らないキーです (使えるのは {known})",
                             "unknown key (known: {known})"),
    "template.one_of": ("{choices} のどれかにしてください", "must be one of {choices}"),
    "template.whole": ("1 から {most} までの整数にしてください",
                       "must be a whole number from 1 to {most}"),
    "template.output": ("英字・数字・'_'・'-'・'.' だけにしてください",
                        "must use only letters, digits, '_', '-' and '.'"),
    "template.constants": ("表 ([constants]) にしてください", "must be a table ([constants])"),
    "template.unknown_constant": ("知らない定数です (使えるのは {known})",
                                  "unknown constant (known: {known})"),
    "template.no_start": ("{system} には一つに決まった開始レートがありません",
                          "{system} has no single starting rating"),
    "template.start_differs": ("constants.{field} と違います", "differs from constants.{field}"),
    "template.text": ("引用符で囲んだ文字にしてください", "must be text in quotes"),
    "template.long": ("{limit} 文字より長くなっています", "is longer than {limit} characters"),
    "template.number": ("数にしてください", "must be a number"),
    "template.switch": ("0 か 1 にしてください", "must be 0 or 1"),
    "template.periods": ("0 (1 局ごと) か 1 (期間ごと) にしてください",
                         "must be 0 (per game) or 1 (per period)"),
    "template.above_zero": ("0 より大きくしてください", "must be greater than 0"),
    "template.zero_or_more": ("0 以上にしてください", "must be 0 or more"),
    # --- the engine's errors (rating_rules): the reason is one of REASONS below -----------
    "rule.input": ("{field} = {value!r}: {reason}", "{field}: {value!r} {reason}"),
}
"""Key → (Japanese, English). Field names in braces are filled by :func:`say`. The texts
whose key is their English, click's words and the engine's reasons, join it from
:data:`CLICK_WORDS` and :data:`REASONS`."""

CLICK_WORDS: dict[str, str] = {
    "Usage:": "使い方:",
    "Options": "オプション",
    "Commands": "コマンド",
    "Show this message and exit.": "この説明を表示して終わる。",
    "%(prog)s, version %(version)s": "%(prog)s 版 %(version)s",
    "Error: {message}": "エラー: {message}",
    "Try '{command} {option}' for help.": "説明は '{command} {option}' で表示できます。",
    "Missing argument": "引数がありません",
    "Missing option": "オプションがありません",
    "Missing parameter": "値がありません",
    "Missing command.": "コマンドがありません。",
    "Missing {param_type}": "{param_type} がありません",
    "Invalid value: {message}": "値が正しくありません: {message}",
    "Invalid value for {param_hint}: {message}": "{param_hint} の値が正しくありません: {message}",
    "No such command {name!r}.": "コマンド {name!r} はありません。",
    "No such option {name!r}.": "オプション {name!r} はありません。",
    "Did you mean {possibility}?": "{possibility} のことですか?",
    "(Did you mean one of: {possibilities}?)": "({possibilities} のどれかのことですか?)",
    "Option {name!r} requires an argument.": "オプション {name!r} には値が要ります。",
    "Option {name!r} does not take a value.": "オプション {name!r} は値をとりません。",
    "Got unexpected extra argument ({args})": "余分な引数があります ({args})",
    "Got unexpected extra arguments ({args})": "余分な引数があります ({args})",
    "{value!r} is not {choice}.": "{value!r} は {choice} ではありません。",
    "{value!r} is not one of {choices}.": "{value!r} は {choices} のどれでもありません。",
    "{value!r} is not a valid {number_type}.": "{value!r} は数ではありません。",
    "{name} {filename!r} does not exist.": "{name} {filename!r} がありません。",
    "{name} {filename!r} is a directory.": "{name} {filename!r} はフォルダです。",
    "{name} {filename!r} is a file.": "{name} {filename!r} はファイルです。",
    "file": "ファイル",
    "directory": "フォルダ",
    "path": "パス",
    "Aborted!": "中止しました。",
    "default: {default}": "既定: {default}",
    "required": "必須",
    "Choose from:\n\t{choices}": "次から選んでください:\n\t{choices}",
}
"""click's own words (its gettext keys, the ones this command line can show):
English → Japanese."""

REASONS: dict[str, str] = {
    "is not a number": "数ではありません",
    "is not a finite number": "有限の数ではありません",
    "must be a whole number": "整数にしてください",
    "must be {minimum} or more": "{minimum} 以上にしてください",
    "must be 0 or more": "0 以上にしてください",
    "must be greater than 0": "0 より大きくしてください",
    "must be 1 (win) or 0 (loss)": "1 (勝ち) か 0 (負け) にしてください",
    "must be 1 (win), 0.5 (draw) or 0 (loss)":
        "1 (勝ち)、0.5 (引き分け)、0 (負け) のどれかにしてください",
    "must be True or False": "True か False にしてください",
    "must be one of {known}": "{known} のどれかにしてください",
    "is not one of {known}": "{known} のどれでもありません",
    "is not an option of the {system!r} system": "規則 {system!r} にはないオプションです",
    "is the same player as player_a": "player_a と同じ対局者です",
    "appears again after another period": "別の期間のあとにもう一度出てきます",
    "must be (player_a, player_b, score_a)": "(player_a, player_b, score_a) の形にしてください",
    "must be (player_a, player_b, result_a[, handicap_diff[, game_type]])":
        "(player_a, player_b, result_a[, handicap_diff[, game_type]]) の形にしてください",
    "must be (player_a, player_b, result_a, turn_diff)":
        "(player_a, player_b, result_a, turn_diff) の形にしてください",
    "must be (players, places, knocked_by)": "(players, places, knocked_by) の形にしてください",
    "must have 3 to {width} items": "3 から {width} 個の項目にしてください",
    "is too far from my_rating {mine!r} to compute":
        "my_rating {mine!r} から離れすぎていて計算できません",
    "has {count} items but opp_ratings has {other}":
        "{count} 個ありますが、opp_ratings は {other} 個です",
    "is not a Go rank (codes like 1d+, 3k, BC; labels like 三段★, 1級)":
        "囲碁の段級ではありません (1d+、3k、BC のような記号か、三段★、1級 のような書き方)",
    "is not a Go rank code": "囲碁の段級の記号ではありません",
    "has no band to start in": "開始ポイントを決める昇段・降段の幅がありません",
    'must be "ja" or "en"': '"ja" か "en" にしてください',
    "must be a multiple of 0.5": "0.5 刻みの数にしてください",
    "must be a multiple of 0.5 from 0 to {most:g}":
        "0 から {most:g} までの 0.5 刻みの数にしてください",
    "must list ladder ranks strongest first": "段級を強い順に並べてください",
    "overlaps the rank above": "一つ上の段級と重なっています",
    "is not in the table": "表にありません",
    "is not a handicap name ({names})": "手合の名前ではありません ({names})",
    "must be 0 or more adjustment points": "0 以上の調整点にしてください",
    "must be a rank label such as 初段 or 1級": "初段 や 1級 のような段級にしてください",
    "is not in the starting table ({labels})": "開始レートの表にありません ({labels})",
    "is not a rank label (初段, 一級 … 十級)": "段級ではありません (初段、一級 … 十級)",
    "is not a rank label or a number": "段級でも数でもありません",
    "must be 'A', 'B', '102' or '単勝'": "'A'、'B'、'102'、'単勝' のどれかにしてください",
    "must be 1, 2, 3 or 4": "1、2、3、4 のどれかにしてください",
    "must be 1, 2, 3, 4 in some order": "1、2、3、4 を一つずつ使ってください",
    "must list four seats": "4 席分を並べてください",
    "must be four different players": "4 人とも別の対局者にしてください",
    "must be a list of rates": "レートを並べてください",
    "lists more players than placement {place} can have mated":
        "{place} 位の人が詰ませられる人数より多く並んでいます",
    "is more than placement {place} can have": "{place} 位で撃破できる数より多くなっています",
    "is given for the 1st place": "1 位の人に入っています",
    "is given for the 1st place, who is never out": "1 位の人に入っています (1 位は脱落しません)",
    "is blank but placement {place} was mated or resigned":
        "空欄ですが、{place} 位の人は詰まされたか投了しています",
    "must be a seat 1-4, 'T' or blank": "席 1〜4 か 'T' か空欄にしてください",
    "is the player's own seat": "その人自身の席です",
    "was already out (placement {place})": "その席の人はすでに脱落しています ({place} 位)",
    "must be (opp_rating, opp_rd, score)": "(opp_rating, opp_rd, score) の形にしてください",
    "must be a rating or (rating, rd)": "レートか (rating, rd) の組にしてください",
    "has {count} labels but games has {other}": "{count} 個ありますが、games は {other} 局です",
    "is too far from rating {mine!r} to compute":
        "rating {mine!r} から離れすぎていて計算できません",
    "is too large to compute": "大きすぎて計算できません",
    # the worksheet functions' own (udfs/_excel.py)
    "must have the same size": "同じ大きさにしてください",
    "must be {most:g} or less (the largest RD)": "{most:g} 以下にしてください (最大 RD)",
    "must come after the period before it": "前の期間より後にしてください",
    "is an empty range": "空の範囲です",
}
"""The engine's reasons (see the module's docstring): the English it raises →
Japanese. Each English text is its own key, so it is written once. The worksheet
functions show them too, in the cell's language (``udfs._excel.cell_text``); xlwings
Lite's main.py carries a copy of this table (``workbook_builder.lite``)."""

TABLE.update({english: (japanese, english)
              for english, japanese in (*CLICK_WORDS.items(), *REASONS.items())})


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

    def __reduce__(self) -> tuple[object, ...]:
        # made again from its key and fields (an error raised in a worker process of
        # ``build`` comes back pickled); str's own pickling would pass the text alone
        return Message, (self.key, dict(self.fields))


class Listed(tuple[object, ...]):
    """Things a message lists (names, columns), joined as its language lists them:
    ``田中、鈴木`` in Japanese, ``Tanaka, Suzuki`` in English."""

    def text(self, lang: Lang) -> str:
        return ("、" if lang == "ja" else ", ").join(
            x.text(lang) if isinstance(x, Localized) else str(x) for x in self)


def say(key: str, **fields: object) -> Message:
    """The message ``key`` with ``fields`` filled in."""
    return Message(key, fields)


def shown(text: object, lang: Lang | None = None) -> str:
    """``text`` in ``lang`` (the run's language by default): a :class:`Message` or an
    exception carrying one is rendered; anything else is shown as it is."""
    lang = lang or current()
    if isinstance(text, (RatingInputError, OSError)):
        text = reason_of(text)
    elif isinstance(text, BaseException) and text.args:
        text = text.args[0]
    if isinstance(text, Localized):
        return text.text(lang)
    return str(text)


def reason_of(exc: BaseException) -> object:
    """What ``exc`` says, to put in a message: the :class:`Message` it carries, an engine
    error in the table's words (its reason in the run's language), else its text."""
    if isinstance(exc, RatingInputError) and exc.template in TABLE:
        return say("rule.input", field=exc.field, value=exc.value,
                   reason=say(exc.template, **exc.details))
    if exc.args and isinstance(exc.args[0], Localized):
        return exc.args[0]
    if isinstance(exc, OSError):  # its args are (errno, strerror): name the path and why
        reason = os_reason(exc)
        return reason if exc.filename is None else say("os.at", path=str(exc.filename),
                                                          reason=reason)
    return str(exc)


def quoted(value: object) -> object:
    """A typed value as a message quotes it (``'五段'``, ``None``), or in the message's
    language when it says what it is (a formula typed in a Settings table)."""
    return value if isinstance(value, Localized) else repr(value)


def os_reason(exc: OSError) -> object:
    """An operating-system error as a message when the table has its errno, else its text."""
    name = errno.errorcode.get(exc.errno or 0, "")
    return say(f"os.{name}") if f"os.{name}" in TABLE else exc.strerror or str(exc)


class Titled(Protocol):
    """A workbook kind that knows the title its workbooks get (a ``SheetType``)."""

    def default_title(self, lang: str) -> str:
        """The title of its workbooks in ``lang``."""


def kind_name(system: str, kind: Titled | None) -> object:
    """A workbook kind (``ledger``, ``go``) as a message names it: the title of ``kind``'s
    workbooks in the message's language (「クラブ台帳」, "Club ledger"), never the internal
    name ``system`` (shown only for a kind nobody knows: None)."""
    return KindName(system, kind)


class KindName(str):
    """A workbook kind, shown as the title its workbooks get (``default_title``)."""

    kind: Titled | None

    def __new__(cls, system: str, kind: Titled | None) -> KindName:
        named = super().__new__(cls, system)
        named.kind = kind
        return named

    def text(self, lang: Lang) -> str:
        if self.kind is None:
            return str(self)
        title = self.kind.default_title(lang)
        return f"「{title}」" if lang == "ja" else f"“{title}”"


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
