"""The fair, bounded turns at heavy work (``web.admission``): a flood is refused
past its share with a time to come back, a polite client is served beside
it, and turns go round between clients."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from minebender.faces.web.access import Turns
from minebender.faces.web.admission import Admission, Busy, Client, Share
from minebender.faces.web.lanes import (
    LIGHT_BYTES,
    LIGHT_NICE_AFTER,
    in_lane,
    light_board,
    light_file,
)
from minebender.services import limited

FLOOD = Client("10.0.0.1", "f" * 16)
POLITE = Client("10.0.0.2", "p" * 16)


async def _holding(
    admission: Admission, client: Client, release: asyncio.Event, log: list[str]
) -> None:
    async with admission.turn(client):
        log.append(client.address)
        await release.wait()


def _run(main: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(main())  # type: ignore[arg-type]


def test_a_flood_past_its_share_is_refused_with_a_time_to_come_back() -> None:
    """A client runs at most ``running`` jobs and waits with at most ``waiting``
    more; the next is refused at once with a 429 and a Retry-After of at least 1 s."""

    async def main() -> None:
        admission = Admission(Share(slots=3, running=2, waiting=3), "analyses")
        release, log = asyncio.Event(), []
        held = [asyncio.ensure_future(_holding(admission, FLOOD, release, log)) for _ in range(5)]
        await asyncio.sleep(0)
        assert (admission.running, admission.waiting) == (2, 3)
        with pytest.raises(Busy) as refused:
            async with admission.turn(FLOOD):
                pass
        assert refused.value.status == 429 and refused.value.retry_after >= 1
        assert "from this client" in str(refused.value)
        release.set()
        await asyncio.gather(*held)
        assert log == [FLOOD.address] * 5 and admission.running == 0

    _run(main)


def test_a_polite_client_takes_the_turn_a_flood_may_not_hold() -> None:
    """While one client floods, another's single request runs at once."""

    async def main() -> None:
        admission = Admission(Share(slots=3, running=2, waiting=4), "analyses")
        release, log = asyncio.Event(), []
        flood = [asyncio.ensure_future(_holding(admission, FLOOD, release, log)) for _ in range(6)]
        await asyncio.sleep(0)
        async with admission.turn(POLITE):
            assert log == [FLOOD.address] * 2  # the flood's others still wait
        release.set()
        await asyncio.gather(*flood)

    _run(main)


def test_turns_go_round_between_clients_that_wait() -> None:
    """With one turn, a client that asks once waits behind one job of the
    flood, not behind all of it."""

    async def main() -> None:
        admission = Admission(Share(slots=1, running=1, waiting=4), "reviews")
        gates = [asyncio.Event() for _ in range(5)]
        log: list[str] = []
        tasks = [asyncio.ensure_future(_holding(admission, FLOOD, g, log)) for g in gates[:4]]
        await asyncio.sleep(0)
        tasks.append(asyncio.ensure_future(_holding(admission, POLITE, gates[4], log)))
        await asyncio.sleep(0)
        for g in gates:
            g.set()
            await asyncio.sleep(0)
            await asyncio.sleep(0)
        await asyncio.gather(*tasks)
        assert log[:2] == [FLOOD.address, POLITE.address]
        assert log.count(FLOOD.address) == 4

    _run(main)


def test_a_request_whose_client_went_away_leaves_the_line() -> None:
    async def main() -> None:
        admission = Admission(Share(slots=1, running=1, waiting=1), "analyses")
        release, log = asyncio.Event(), []
        first = asyncio.ensure_future(_holding(admission, FLOOD, release, log))
        second = asyncio.ensure_future(_holding(admission, FLOOD, release, log))
        await asyncio.sleep(0)
        assert admission.waiting == 1
        second.cancel()
        with pytest.raises(asyncio.CancelledError):
            await second
        assert admission.waiting == 0
        third = asyncio.ensure_future(_holding(admission, FLOOD, release, log))  # room again
        release.set()
        await asyncio.gather(first, third)
        assert len(log) == 2 and admission.running == 0

    _run(main)


def test_new_ids_from_one_address_buy_no_more_than_its_bound() -> None:
    async def main() -> None:
        admission = Admission(Share(slots=4, running=1, waiting=4, per_address=3), "analyses")
        release, log = asyncio.Event(), []
        ids = [Client("10.0.0.9", f"{i:016d}") for i in range(3)]
        held = [asyncio.ensure_future(_holding(admission, c, release, log)) for c in ids]
        await asyncio.sleep(0)
        with pytest.raises(Busy) as refused:
            async with admission.turn(Client("10.0.0.9", "x" * 16)):
                pass
        assert refused.value.status == 429 and "10.0.0.9" in str(refused.value)
        async with admission.turn(POLITE):  # the turn it could not take is another's
            assert admission.running == 4
        release.set()
        await asyncio.gather(*held)

    _run(main)


def test_a_full_line_of_the_server_is_a_503() -> None:
    async def main() -> None:
        admission = Admission(Share(slots=1, running=1, waiting=4, line=2), "analyses")
        release, log = asyncio.Event(), []
        clients = [Client(f"10.0.1.{i}") for i in range(3)]
        held = [asyncio.ensure_future(_holding(admission, c, release, log)) for c in clients]
        await asyncio.sleep(0)
        with pytest.raises(Busy) as refused:
            async with admission.turn(Client("10.0.1.99")):
                pass
        assert refused.value.status == 503 and refused.value.retry_after >= 1
        release.set()
        await asyncio.gather(*held)

    _run(main)


@pytest.mark.parametrize(
    ("fields", "words"),
    [({"slots": 0}, "slots must be at least 1"), ({"slots": 2, "running": 3}, "may not be more")],
)
def test_a_share_out_of_range_is_refused(fields: dict[str, int], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Share(**fields)


def test_one_address_flooding_the_heavy_lane_leaves_the_light_lane_free() -> None:
    """A cookieless flood and a cookieless polite request are one client: the
    flood holds its heavy share and is refused past it, while the polite
    request's Expert-size work takes a light turn at once (``web.lanes``)."""

    async def main() -> None:
        heavy = Admission(Share(slots=3, running=2, waiting=4), "analyses")
        light = Admission(Share(slots=2, running=1, waiting=4), "Expert-size analyses")
        turns = Turns(light, heavy, Client("127.0.0.1"))
        release, log = asyncio.Event(), []
        flood = [
            asyncio.ensure_future(_holding(turns.lane(False).admission, turns.client, release, log))
            for _ in range(6)
        ]
        await asyncio.sleep(0)
        with pytest.raises(Busy):
            turns.lane(False).check()
        async with turns.lane(True).turn():
            assert (light.running, heavy.running, heavy.waiting) == (1, 2, 4)
        release.set()
        await asyncio.gather(*flood)

    _run(main)


@pytest.mark.parametrize(
    ("width", "height", "light"), [(30, 16, True), (16, 30, True), (31, 16, False), (480, 1, True)]
)
def test_a_board_is_light_up_to_experts_cells(width: int, height: int, light: bool) -> None:
    assert light_board(width, height) is light


@pytest.mark.parametrize(
    ("size", "light"), [(None, False), (0, True), (LIGHT_BYTES, True), (LIGHT_BYTES + 1, False)]
)
def test_a_file_is_light_up_to_its_bound_when_its_size_is_known(
    size: int | None, light: bool
) -> None:
    assert light_file(size) is light


def test_a_light_job_runs_at_full_priority_for_its_first_second_only() -> None:
    heavy = limited.Limits(seconds=10.0, nice=19, nice_after=0.2)
    assert in_lane(heavy, False) == heavy
    light = in_lane(heavy, True)
    assert (light.seconds, light.nice, light.nice_after) == (10.0, 19, LIGHT_NICE_AFTER)
    assert in_lane(limited.Limits(nice=5, nice_after=3.0), True).nice_after == 3.0
