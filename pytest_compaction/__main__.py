"""``python -m pytest_compaction``: the ``compaction`` command, for an environment whose
scripts folder is not on ``PATH``."""

import sys

from pytest_compaction.cli import main

sys.exit(main())
