"""The OpenID Connect client (Authlib): authorization code with PKCE (S256) against the provider
named by HUB_OIDC_ISSUER. The provider's metadata is read on first use, so the app starts even
while the provider is still starting."""

from __future__ import annotations

from authlib.integrations.flask_client import FlaskOAuth2App, OAuth
from authlib.integrations.requests_client import OAuth2Session
from flask import Flask, current_app

from analysis.normalize import CJK
from config import Settings
from store.identities import ProviderAccount

EXTENSION = "hub_oidc"
# Seconds for each call to the provider (metadata, keys, token): a hung provider holds a request thread no longer.
TIMEOUT = 3


class _ProviderSession(OAuth2Session):
    """Calls to the provider go to the configured issuer's URLs only: no redirect is followed (a redirect
    answers as an error, the sign-in page says the provider is unavailable) and no proxy setting from the
    environment applies (DESIGN.md, "Outbound calls")."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.max_redirects = 0
        self.trust_env = False


class _ProviderApp(FlaskOAuth2App):
    client_cls = _ProviderSession


class _OAuth(OAuth):
    oauth2_client_cls = _ProviderApp


def register(app: Flask, settings: Settings) -> None:
    oauth = _OAuth(app)
    client = oauth.register(
        name="hub",
        client_id=settings.oidc_client_id,
        client_secret=settings.oidc_client_secret,
        server_metadata_url=settings.oidc_issuer.rstrip("/") + "/.well-known/openid-configuration",
        client_kwargs={"scope": "openid email profile", "code_challenge_method": "S256", "default_timeout": TIMEOUT},
    )
    app.extensions[EXTENSION] = client


def client():
    return current_app.extensions[EXTENSION]


def display_name(claims: dict) -> str | None:
    """Chinese names family name first (张伟), others as the provider writes them."""
    given, family = claims.get("given_name") or "", claims.get("family_name") or ""
    if given and family and CJK.search(given + family):
        return family + given
    return claims.get("name") or claims.get("preferred_username") or None


def account_of(claims: dict, provider_name: str) -> ProviderAccount:
    """The verified ID token's claims as a provider account (identity_provider: a brokered login)."""
    return ProviderAccount(
        issuer=str(claims["iss"]),
        subject=str(claims["sub"]),
        provider=str(claims.get("identity_provider") or provider_name),
        email=claims.get("email") or None,
        email_verified=claims.get("email_verified") is True,
        name=display_name(claims),
    )
