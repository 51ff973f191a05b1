"""``python -m bench`` is ``python -m bench.run``."""

from bench.run import main

raise SystemExit(main())
