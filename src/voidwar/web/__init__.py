"""The web front end: a FastAPI server (:mod:`.server`), its store (:mod:`.store`), the live games
(:mod:`.service`) and the page (``static/``). Start it with :func:`voidwar.web.server.serve`."""
