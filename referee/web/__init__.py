"""``referee serve``: a page on the home network to enter a hand at the table and see it ruled.

Needs the ``web`` extra (``pip install 'referee[web]'``): Starlette, uvicorn and Jinja2. The
page is built by :func:`referee.web.app.create_app` over the table core (:mod:`referee.table`).
"""
