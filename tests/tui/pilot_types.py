"""The Pilot type the terminal game's tests drive."""

from textual.pilot import Pilot

PilotT = Pilot[None]
