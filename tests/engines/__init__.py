"""Two more spreadsheet engines as oracles: IronCalc (Rust, pip) and HyperFormula
(JavaScript, npm). Each recalculates a workbook from its inputs alone and gives, for
each formula cell, the value it computed (:data:`.sheets.Values`)."""
