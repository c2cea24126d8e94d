"""gunicorn settings shared by the Procfile and deploy/e2e.sh (`gunicorn -c deploy/gunicorn.conf.py ...`).

gunicorn has no setting for its `Server` header: every answer says `Server: gunicorn`, which tells
an attacker what to look up. The header's text comes from `gunicorn.http.wsgi.SERVER` (read when a
response is made, in workers forked after this file runs), so it is replaced here by a neutral word;
the WSGI `SERVER_SOFTWARE` loses its version too. tests/api/test_security_headers.py runs gunicorn
with this file and checks the header."""

import gunicorn
import gunicorn.http.wsgi

SERVER_NAME = "hub"

# Fail loudly if a gunicorn upgrade moves the name: the banner would silently come back.
assert isinstance(gunicorn.http.wsgi.SERVER, str), "gunicorn.http.wsgi.SERVER moved: update deploy/gunicorn.conf.py"
gunicorn.SERVER = gunicorn.http.wsgi.SERVER = SERVER_NAME
gunicorn.SERVER_SOFTWARE = gunicorn.http.wsgi.SERVER_SOFTWARE = SERVER_NAME
