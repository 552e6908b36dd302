"""``/api/analyse/file/...``: an .mbf or Arbiter .abf board opened as a
position to analyse, and a position's flagged layout saved as either; bad
files are a 422 naming what is wrong."""

from __future__ import annotations

import base64

from minebender.formats.mbf import format_mbf

from .test_api import TestClient, client

__all__ = ["client"]  # the fixture, used by name

LAYOUT = ((True, False, False, False), (False, False, False, True), (False, False, False, False))


def test_an_mbf_file_opens_as_its_solved_position(client: TestClient) -> None:
    data = base64.b64encode(format_mbf(LAYOUT)).decode()
    r = client.post("/api/analyse/file/open", json={"name": "board.MBF", "data": data})
    assert r.status_code == 200, r.text
    assert r.json()["board"] == "4x3x2\n.111\n111.\n0011\n"


def test_an_arbiter_abf_file_opens_as_its_solved_position(client: TestClient) -> None:
    data = base64.b64encode(format_mbf(LAYOUT)).decode()
    r = client.post("/api/analyse/file/open", json={"name": "Arbiter 1.abf", "data": data})
    assert r.status_code == 200, r.text
    assert r.json()["board"] == "4x3x2\n.111\n111.\n0011\n"


def test_a_bad_file_is_a_422_that_says_why(client: TestClient) -> None:
    cut = base64.b64encode(format_mbf(LAYOUT)[:-1]).decode()
    r = client.post("/api/analyse/file/open", json={"name": "x.mbf", "data": cut})
    assert r.status_code == 422 and "x.mbf is not an .mbf board: cut short" in r.json()["detail"]
    r = client.post("/api/analyse/file/open", json={"name": "x.abf", "data": cut})
    assert (
        r.status_code == 422
        and "x.abf is not an .abf board: cut short: 7 bytes" in r.json()["detail"]
    )
    r = client.post("/api/analyse/file/open", json={"name": "x.bin", "data": cut})
    assert r.status_code == 422 and "opens .mbf and .abf boards" in r.json()["detail"]
    r = client.post("/api/analyse/file/open", json={"name": "x.mbf", "data": "not base64!"})
    assert r.status_code == 422 and "base64" in r.json()["detail"]


def test_a_flagged_position_saves_as_mbf(client: TestClient) -> None:
    r = client.post("/api/analyse/file/mbf", json={"board": "4x3x2\nF111\n111F\n0011\n"})
    assert r.status_code == 200 and r.content == format_mbf(LAYOUT)
    r = client.post("/api/analyse/file/mbf", json={"board": "4x3x2\nF111\n111.\n0011\n"})
    assert r.status_code == 422 and "flag every mine" in r.json()["detail"]


def test_a_flagged_position_saves_as_abf(client: TestClient) -> None:
    """Arbiter's board file: the bytes of the .mbf file, which opens again as
    the same solved position."""
    r = client.post("/api/analyse/file/abf", json={"board": "4x3x2\nF111\n111F\n0011\n"})
    assert r.status_code == 200 and r.content == format_mbf(LAYOUT)
    again = base64.b64encode(r.content).decode()
    r = client.post("/api/analyse/file/open", json={"name": "position.abf", "data": again})
    assert r.json()["board"] == "4x3x2\n.111\n111.\n0011\n"
    r = client.post("/api/analyse/file/abf", json={"board": "4x3x2\nF111\n111.\n0011\n"})
    assert r.status_code == 422 and "flag every mine" in r.json()["detail"]
    position = {"width": 4, "height": 3, "mines": 2, "cells": "F111111F0011"}
    r = client.post("/api/analyse/file/abf", json={"position": position})
    assert r.status_code == 200 and r.content == format_mbf(LAYOUT)
