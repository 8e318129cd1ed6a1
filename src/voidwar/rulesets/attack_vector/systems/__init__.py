"""Attack Vector: Tactical ship systems (spec §9–§13): power, heat, weapons, arcs, damage.

Pure modules, independent of the Game class: the game's hooks (fire step, regeneration, end of
turn) call into :class:`~.ship.ShipSystems`.
"""

from .arcs import Arc, ShipWindow, ship_frame_window, ship_frame_window_of, window_vector
from .heat import HeatState, Radiators
from .model import SystemsModel
from .power import PowerState
from .ship import ShipSystems, Shot
from .weapons import WeaponCode, WeaponCodeError, WeaponRules, ready_at

__all__ = [
    "Arc",
    "HeatState",
    "PowerState",
    "Radiators",
    "ShipSystems",
    "ShipWindow",
    "Shot",
    "SystemsModel",
    "WeaponCode",
    "WeaponCodeError",
    "WeaponRules",
    "ready_at",
    "ship_frame_window",
    "ship_frame_window_of",
    "window_vector",
]
