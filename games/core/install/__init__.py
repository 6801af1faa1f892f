"""The installable site: its web app manifest, its service worker and the offline page.

The service worker (`sw.js` beside this file, served at /sw.js so that its scope is the whole
site) keeps the site's own static files, so that a second visit loads a page with only its
HTML over the wire, and shows the offline page when a page cannot be reached. It never keeps a
page or an answer to a form: a game's state is the server's, and a kept page would show a
board that may no longer be true.
"""
