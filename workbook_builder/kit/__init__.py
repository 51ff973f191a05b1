"""The sheet kit: declarations every sheet and ledger is rendered from.

A computed column states its formula and, beside it, the engine value its cached value
is (:mod:`.cells`); inputs state their kind once (:mod:`.inputs`); the Status column is
a list of cases (:mod:`.status`); the hidden rating chain is shared (:mod:`.chain`).
The two generic layouts: a personal sheet (:mod:`.personal`) and a club ledger
(:mod:`.ledger`, a system declares a :class:`~.ledger_rule.LedgerRule`), whose game rows
find each player's previous game through :mod:`.seats`.
"""
