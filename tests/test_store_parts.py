"""The store is composed of its parts (``GameLog``, ``BestTimes``) and offers
their methods as its own: a method added to a part and not to ``Store`` would
be missing where every caller looks for it."""

from __future__ import annotations

import inspect

from minebender.services.store import BestTimes, GameLog, Store


def test_store_offers_every_public_method_of_its_parts() -> None:
    for part in (GameLog, BestTimes):
        for name, member in inspect.getmembers(part, inspect.isfunction):
            if name.startswith("_"):
                continue
            offered = getattr(Store, name, None)
            assert offered is not None, f"Store does not offer {part.__name__}.{name}"
            assert inspect.signature(offered) == inspect.signature(member), name


def test_a_forwarded_method_reaches_its_part() -> None:
    with Store(":memory:") as store:
        assert store.best_times("beginner") == store.best.best_times("beginner") == []
        assert store.load("nothing") is None
