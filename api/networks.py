"""How the server groups callers it counts (heat, hot words, new accounts): by the address's network, which
a client cannot choose the way it chooses an id. The address is the socket's unless `HUB_PROXY_HOPS`
trusts that many proxies' `X-Forwarded-For` (werkzeug's ProxyFix, applied in `create_app`)."""

from __future__ import annotations

import ipaddress


def _parsed(address: str | None):
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def network_of(address: str | None) -> str:
    """One site's block: IPv4 /24, IPv6 /48."""
    ip = _parsed(address)
    if ip is None:
        return address or "unknown"
    return str(ipaddress.ip_network((ip, 24 if ip.version == 4 else 48), strict=False))


def address_group(address: str | None) -> str:
    """The part of an address that names one client: an IPv4 address, an IPv6 /64 (one subscriber's block)."""
    ip = _parsed(address)
    if ip is None:
        return address or "unknown"
    if ip.version == 6:
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


__all__ = ["address_group", "network_of"]
