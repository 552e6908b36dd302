"""Tests of the web game and its services (session, store, replay)."""
