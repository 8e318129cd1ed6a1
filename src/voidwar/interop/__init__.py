"""Bridges to the algorithms of others: OpenSpiel, PettingZoo, Gymnasium (optional extras).

Import the submodule you need (``voidwar.interop.pettingzoo``...); each needs its extra.
:mod:`.catalogue` (the action ids every bridge shares) needs nothing.
"""
