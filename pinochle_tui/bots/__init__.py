"""Bot programs as players: the bot protocol's wire format (``protocol``) and
the host that runs a program and speaks it (``external``); see
``docs/bot-protocol.md``. ``pinochle bot`` (``bot_cli``) is the other side.
"""
