"""What a skipped test needs, said as what to install: the reasons that
pytest -ra prints."""

from __future__ import annotations

__all__ = ["DASK", "GYMNASIUM", "MATPLOTLIB", "PEERS", "PYARROW"]

DASK = "needs Dask: pip install -e '.[dev]', as bash scripts/test does"
MATPLOTLIB = "needs matplotlib: pip install -e '.[dev]', as bash scripts/test does"
PEERS = "needs ms_toollib: pip install -e ., as bash scripts/test does"
GYMNASIUM = "needs gymnasium: pip install -e '.[dev]', as bash scripts/test does"
PYARROW = "needs pyarrow: pip install -e '.[dev]', as bash scripts/test does"
