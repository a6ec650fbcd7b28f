"""``python -m pytest_compaction.cli``."""

import sys

from pytest_compaction.cli import main

sys.exit(main())
